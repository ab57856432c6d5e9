import { describe, expect, it } from 'vitest';
import { TargetSearch, type ListingTarget } from './find-listing.js';

const target: ListingTarget = {
  tradeId: 1,
  definitionId: 20_801,
  rarity: 'rare',
  quality: 'gold',
  startingBid: 9_500,
  buyNowPrice: 10_000,
};

describe('TargetSearch', () => {
  it('never repeats a min Buy Now in a row, even when the random source repeats itself', () => {
    for (const draw of [0, 0.5, 0.999]) {
      const search = new TargetSearch(target, () => draw);
      const mins = Array.from({ length: 6 }, () => search.next().minBuyNow ?? 0);
      for (let index = 1; index < mins.length; index += 1) expect(mins[index]).not.toBe(mins[index - 1]);
      for (const min of mins) expect(min).toBeLessThanOrEqual(target.buyNowPrice);
    }
  });

  it('keeps the only possible min Buy Now when the target is at the lowest price', () => {
    const search = new TargetSearch({ ...target, startingBid: 150, buyNowPrice: 150 }, () => 0);
    expect([search.next().minBuyNow, search.next().minBuyNow]).toEqual([150, 150]);
  });
});
