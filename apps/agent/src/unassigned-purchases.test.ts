import type { ItemData } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { readUnassignedPurchases } from './unassigned-purchases.js';

const pile = (items: ItemData[]) => ({ unassigned: async () => ({ items, duplicates: [] }) });

describe('readUnassignedPurchases', () => {
  it('answers the bought, tradeable cards with what the account paid, and nothing else', async () => {
    const bought: ItemData = {
      id: 7,
      resourceId: 20_801,
      rareflag: 1,
      lastSalePrice: 450,
      untradeable: false,
    };
    const fromAPack: ItemData = { id: 8, resourceId: 20_802, rareflag: 1, lastSalePrice: 0 };
    const reward: ItemData = {
      id: 9,
      resourceId: 20_803,
      rareflag: 3,
      lastSalePrice: 900,
      untradeable: true,
    };
    expect(await readUnassignedPurchases(pile([bought, fromAPack, reward]))).toEqual([
      { itemId: 7, definitionId: 20_801, rarity: 1, price: 450 },
    ]);
  });
});
