import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REFERRAL_DISCOUNT_RATE,
  canCheckoutCoins,
  canStartTransfer,
  coinCalculatorPriceCents,
  coinsForUnits,
  creditsAfterTransfer,
  discountedCents,
  transferCreditCost,
} from './credits.js';

describe('transfer credits', () => {
  it('charges 1 credit for a successful transfer and none for a failed one', () => {
    expect(transferCreditCost('success')).toBe(1);
    expect(transferCreditCost('failed')).toBe(0);
    expect(creditsAfterTransfer(10, 'success')).toBe(9);
    expect(creditsAfterTransfer(10, 'failed')).toBe(10);
  });

  it.each([
    [1, true],
    [0.5, true],
    [0, false],
    [-3, false],
    [Number.NaN, false],
  ])('with %d credits a transfer may start: %s', (credits, allowed) => {
    expect(canStartTransfer(credits)).toBe(allowed);
  });

  it('never takes the balance below zero', () => {
    expect(creditsAfterTransfer(0, 'failed')).toBe(0);
    expect(() => creditsAfterTransfer(0, 'success')).toThrow('Not enough credits: 0 held, 1 needed');
  });
});

describe('referral discount and coin calculator', () => {
  it('gives 30% off with a referral code', () => {
    expect(REFERRAL_DISCOUNT_RATE).toBe(0.3);
    expect(discountedCents(1_000)).toBe(700);
    expect(discountedCents(999)).toBe(699);
    expect(discountedCents(1_000, 0)).toBe(1_000);
  });

  it('rounds a half cent up: 35 PC units (41,965 cents) cost 29,376 with the code, not 29,375', () => {
    expect(discountedCents(41_965)).toBe(29_376);
    expect(discountedCents(22_475)).toBe(15_733);
    expect(discountedCents(45)).toBe(32);
  });

  // The rule in cents: price × (100 − percent) / 100, to the nearest cent, a half cent up. Checked as
  // whole numbers: 100 × result − price × (100 − percent) lies in (−50, 50].
  const isNearestCentHalfUp = (priceCents: number, percentOff: number, result: number) => {
    const hundredfoldError = 100 * result - priceCents * (100 - percentOff);
    return hundredfoldError > -50 && hundredfoldError <= 50;
  };
  // Every order total the catalogue can make (100 coin units or 20 credit packages) and well beyond.
  const orderTotals = fc.integer({ min: 0, max: 100_000_000 });

  it('takes the referral 30% off any order total to the nearest cent, a half cent up', () => {
    fc.assert(
      fc.property(orderTotals, (priceCents) =>
        isNearestCentHalfUp(priceCents, 30, discountedCents(priceCents)),
      ),
      { numRuns: 20_000 },
    );
  });

  it('rounds every total that ends in a half cent up', () => {
    // Totals whose 70% ends in exactly half a cent: the ones floating point gets wrong.
    const halfCentTotals = orderTotals.map((total) => total - (total % 10) + 5);
    fc.assert(
      fc.property(halfCentTotals, (priceCents) => discountedCents(priceCents) === (priceCents * 7 + 5) / 10),
      { numRuns: 5_000 },
    );
  });

  it('applies any whole-percent discount to the nearest cent', () => {
    fc.assert(
      fc.property(orderTotals, fc.integer({ min: 0, max: 90 }), (priceCents, percentOff) =>
        isNearestCentHalfUp(priceCents, percentOff, discountedCents(priceCents, percentOff / 100)),
      ),
      { numRuns: 20_000 },
    );
  });

  it.each([
    [0, 1_500, 0, 0],
    [1, 1_500, 0, 1_500],
    [10, 1_500, 0, 15_000],
    [10, 1_500, 0.3, 10_500],
    [100, 899, 0.1, 80_900],
  ])('%i units at %i cents with %d off cost %i cents', (quantity, unitPrice, discount, total) => {
    expect(coinCalculatorPriceCents(quantity, unitPrice, discount)).toBe(total);
  });

  it('sells units of 100,000 coins, 0 to 100 of them', () => {
    expect(coinsForUnits(0)).toBe(0);
    expect(coinsForUnits(100)).toBe(10_000_000);
    expect(() => coinsForUnits(101)).toThrow('quantity must be between 0 and 100, got 101');
    expect(() => coinsForUnits(1.5)).toThrow('quantity must be a whole number, got 1.5');
  });

  it.each([
    [0, false],
    [1, true],
    [100, true],
    [101, false],
  ])('checkout with quantity %i is enabled: %s', (quantity, enabled) => {
    expect(canCheckoutCoins(quantity)).toBe(enabled);
  });
});
