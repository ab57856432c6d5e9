import { describe, expect, it } from 'vitest';
import {
  clampToPriceLimits,
  ladderRangeWithin,
  listingPricesWithinLimits,
  priceAtPercentage,
  reconcileBidAndBuyNow,
} from './listing-prices.js';
import { MAX_PRICE } from './price-ladder.js';

describe('reconcileBidAndBuyNow', () => {
  it.each([
    // changed, bid, buyNow → bid, buyNow
    ['bid', 1_000, 1_000, 1_000, 1_100],
    ['bid', 1_200, 1_000, 1_200, 1_300],
    ['bid', 950, 900, 950, 1_000],
    ['bid', 9_900, 9_900, 9_900, 10_000],
    ['bid', 10_000, 5_000, 10_000, 10_250],
    ['bid', 500, 1_000, 500, 1_000],
    ['buyNow', 1_000, 1_000, 950, 1_000],
    ['buyNow', 1_000, 800, 750, 800],
    ['buyNow', 10_000, 10_250, 10_000, 10_250],
    ['buyNow', 12_000, 10_000, 9_900, 10_000],
    ['buyNow', 20_000, 10_250, 10_000, 10_250],
  ] as const)(
    'after changing %s, bid %i and Buy Now %i become %i and %i',
    (changed, bid, buyNow, newBid, newBuyNow) => {
      expect(reconcileBidAndBuyNow({ bid, buyNow }, changed)).toEqual({ bid: newBid, buyNow: newBuyNow });
    },
  );

  it('snaps both prices before comparing them', () => {
    expect(reconcileBidAndBuyNow({ bid: 1_020, buyNow: 1_049 }, 'bid')).toEqual({
      bid: 1_000,
      buyNow: 1_100,
    });
  });

  it('moves the other field at the ends of the ladder so Buy Now stays above the bid', () => {
    expect(reconcileBidAndBuyNow({ bid: MAX_PRICE, buyNow: MAX_PRICE }, 'bid')).toEqual({
      bid: MAX_PRICE - 1_000,
      buyNow: MAX_PRICE,
    });
    expect(reconcileBidAndBuyNow({ bid: 150, buyNow: 150 }, 'buyNow')).toEqual({ bid: 150, buyNow: 200 });
  });
});

describe('price limits', () => {
  const limits = { minPrice: 10_000, maxPrice: 200_000 };

  it.each([
    [5_000, 10_000],
    [10_100, 10_000],
    [150_400, 150_000],
    [250_000, 200_000],
  ])('clamps %i into the range as %i', (price, clamped) => {
    expect(clampToPriceLimits(price, limits)).toBe(clamped);
  });

  it('uses the ladder prices just inside limits that are off the ladder', () => {
    expect(ladderRangeWithin({ minPrice: 1_020, maxPrice: 1_980 })).toEqual({
      lowest: 1_100,
      highest: 1_900,
    });
    expect(clampToPriceLimits(1_000, { minPrice: 1_020, maxPrice: 1_980 })).toBe(1_100);
  });

  it('refuses limits that are reversed or hold no ladder price', () => {
    expect(() => ladderRangeWithin({ minPrice: 2_000, maxPrice: 1_000 })).toThrow(
      'minPrice 2000 is above maxPrice 1000',
    );
    expect(() => ladderRangeWithin({ minPrice: 1_010, maxPrice: 1_090 })).toThrow(
      'No valid game price lies between 1010 and 1090',
    );
  });

  it('keeps Buy Now above the bid after clamping both', () => {
    expect(listingPricesWithinLimits({ bid: 5_000, buyNow: 8_000 }, limits)).toEqual({
      bid: 10_000,
      buyNow: 10_250,
    });
    expect(listingPricesWithinLimits({ bid: 300_000, buyNow: 400_000 }, limits)).toEqual({
      bid: 199_000,
      buyNow: 200_000,
    });
    expect(listingPricesWithinLimits({ bid: 12_000, buyNow: 20_000 }, limits)).toEqual({
      bid: 12_000,
      buyNow: 20_000,
    });
  });

  it('refuses a range with a single ladder price, since no bid fits below Buy Now', () => {
    expect(() =>
      listingPricesWithinLimits({ bid: 1_000, buyNow: 1_000 }, { minPrice: 1_000, maxPrice: 1_050 }),
    ).toThrow('leaves no room for a bid below Buy Now');
  });
});

describe('priceAtPercentage', () => {
  it.each([
    [10_000, 90, 9_000],
    [10_000, 95, 9_500],
    [12_345, 100, 12_250],
    [1_000, 10, 150],
    [47_000, 110 / 1.1, 47_000],
  ])('%i at %d%% lists at %i', (market, percent, listed) => {
    expect(priceAtPercentage(market, percent)).toBe(listed);
  });

  it('rejects a percentage outside 0 to 100', () => {
    expect(() => priceAtPercentage(10_000, 101)).toThrow('percent must be between 0 and 100, got 101');
  });
});
