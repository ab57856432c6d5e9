import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../errors.js';
import {
  checkoutRequestSchema,
  coinListingSchema,
  coinQuantitySchema,
  createListingSchema,
  productCategoryOf,
  purchaseListingSchema,
  referralVerifySchema,
} from './commerce.js';

function first(result: { success: boolean; error?: Parameters<typeof firstIssueMessage>[0] }): string {
  return result.success || !result.error ? '' : firstIssueMessage(result.error);
}

describe('coin marketplace payloads', () => {
  it('needs at least one account and coerces number-or-text fields', () => {
    expect(first(createListingSchema.safeParse({ accountIds: [], price: 2, minimumBalance: 0 }))).toBe(
      'Select at least one account',
    );
    expect(createListingSchema.parse({ accountIds: ['a1'], price: '2.5', minimumBalance: '10000' })).toEqual({
      accountIds: ['a1'],
      price: 2.5,
      minimumBalance: 10000,
      platform: 'pc',
    });
  });

  it('takes a price in whole cents only', () => {
    for (const price of [9.999, '0.015'])
      expect(first(createListingSchema.safeParse({ accountIds: ['a1'], price, minimumBalance: 0 }))).toBe(
        'Price must be in whole cents (at most two decimals)',
      );
    for (const price of [0.1 + 0.2, 19.99, '2.50'])
      expect(createListingSchema.safeParse({ accountIds: ['a1'], price, minimumBalance: 0 }).success).toBe(
        true,
      );
  });

  it('names the minimum balance when it is out of range', () => {
    for (const minimumBalance of [-1, 1e14, 'lots'])
      expect(first(createListingSchema.safeParse({ accountIds: ['a1'], price: 5, minimumBalance }))).toBe(
        'Minimum balance must be a whole number from 0 to 500,000,000',
      );
  });

  it('needs a buyer account and coins to purchase', () => {
    expect(
      first(purchaseListingSchema.safeParse({ id: 'l1', buyerAccountId: '', coins: 100_000, cardId: 5 })),
    ).toBe('Select a buyer account');
    expect(
      purchaseListingSchema.parse({ id: 'l1', buyerAccountId: 'a1', coins: '200000', cardId: '5' }).coins,
    ).toBe(200_000);
    expect(
      purchaseListingSchema.safeParse({ id: 'l1', buyerAccountId: 'a1', coins: 0, cardId: 5 }).success,
    ).toBe(false);
  });

  it('turns a listing date into a date', () => {
    const listing = coinListingSchema.parse({
      id: 'l1',
      platform: 'ps',
      coins: 500_000,
      averageCoinsPerAccount: 250_000,
      price: 3,
      createdAt: '2025-05-01T12:00:00Z',
      accountIds: ['a1', 'a2'],
    });
    expect(listing.createdAt).toEqual(new Date('2025-05-01T12:00:00Z'));
  });
});

describe('checkout and coins', () => {
  it('defaults quantity to 1', () => {
    expect(checkoutRequestSchema.parse({ productId: 'p', priceId: 'pr', type: 'snipe' }).quantity).toBe(1);
  });

  it.each([
    [0, ''],
    [100, ''],
    [101, 'Quantity must be between 0 and 100'],
    [-1, 'Quantity must be between 0 and 100'],
  ])('coin calculator quantity %i', (quantity, message) => {
    expect(first(coinQuantitySchema.safeParse(quantity))).toBe(message);
  });

  it('groups products into the subscription categories', () => {
    expect(productCategoryOf('snipe')).toBe('Headful & Headless Snipes');
    expect(productCategoryOf('multi_rarity')).toBe('Multi Rarity Snipes');
    expect(productCategoryOf('transfer')).toBe('Coin Transfer');
    expect(productCategoryOf('credit')).toBe('Other');
  });

  it('asks for a referral code when it is empty', () => {
    expect(first(referralVerifySchema.safeParse({ code: '' }))).toBe('Enter your referral code');
  });
});
