import { describe, expect, it } from 'vitest';
import { defaultTransferFilter, type TransferPlayer } from '../schemas/filters/transfer.js';
import {
  canProceedTransfer,
  canSaveTransferFilter,
  setAutoBuyBack,
  setAutoList,
  transferPriceMinimumError,
  transferStartError,
} from './transfer.js';

const chosen = (): TransferPlayer => ({
  ...defaultTransferFilter().player,
  id: 231747,
  name: 'Kylian Mbappé',
  value: 50_000,
  rarity: 'rare',
});

describe('transfer filter editor', () => {
  it('names the player, rating and minimum when the price is below the minimum', () => {
    const limits = { name: 'Kylian Mbappé', rating: 91, minPrice: 60_000 };
    expect(transferPriceMinimumError({ value: 50_000 }, limits)).toBe(
      'Buy now price for Kylian Mbappé (91) must be at least 60000',
    );
    expect(transferPriceMinimumError({ value: 60_000 }, limits)).toBeNull();
  });

  it.each<[string, Partial<TransferPlayer>, boolean]>([
    ['complete', {}, true],
    ['rarity any', { rarity: 'any' }, false],
    ['no player id', { id: 0 }, false],
    ['no name', { name: ' ' }, false],
    ['no value', { value: 0 }, false],
  ])('Save with %s: %s', (_case, change, enabled) => {
    expect(canSaveTransferFilter({ ...chosen(), ...change }, undefined)).toBe(enabled);
  });

  it('disables Save while nothing changed', () => {
    expect(canSaveTransferFilter(chosen(), chosen())).toBe(false);
    expect(canSaveTransferFilter({ ...chosen(), value: 51_000 }, chosen())).toBe(true);
  });

  it('needs bid and buy-now prices to proceed with auto-list or buy-back', () => {
    expect(canProceedTransfer(chosen())).toBe(true);
    expect(canProceedTransfer({ ...chosen(), enableAutoList: true })).toBe(false);
    expect(
      canProceedTransfer({ ...chosen(), enableAutoBuyBack: true, bidPrice: 900, buyNowPrice: 1000 }),
    ).toBe(true);
    expect(canProceedTransfer({ ...chosen(), rarity: 'any' })).toBe(false);
  });

  it('turns auto buy-back off when auto-list goes on, and the reverse', () => {
    const withBuyBack = setAutoBuyBack(chosen(), true);
    expect(setAutoList(withBuyBack, true)).toMatchObject({ enableAutoList: true, enableAutoBuyBack: false });
    const withAutoList = setAutoList(chosen(), true);
    expect(setAutoBuyBack(withAutoList, true)).toMatchObject({
      enableAutoList: false,
      enableAutoBuyBack: true,
    });
    expect(setAutoList(withBuyBack, false)).toMatchObject({ enableAutoList: false, enableAutoBuyBack: true });
  });
});

describe('starting a transfer', () => {
  it.each([
    [undefined, 's', 'Select both buyer and seller account'],
    ['b', undefined, 'Select both buyer and seller account'],
    ['a', 'a', 'Buyer and seller cannot be the same account'],
    ['b', 's', null],
  ])('buyer %s, seller %s', (buyer, seller, message) => {
    expect(transferStartError(buyer, seller)).toBe(message);
  });
});
