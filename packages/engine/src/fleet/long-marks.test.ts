import type { AuctionInfo, MarketPage } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { FreshListingWatch } from '../strategies/fresh-listings.js';

/** A page of 20 results whose times left run evenly from `first` to `last` seconds. */
function page(number: number, first: number, last: number, hasNextPage = true): MarketPage {
  const auctions = Array.from(
    { length: first === last ? 0 : 20 },
    (_, index) =>
      ({ tradeId: index, expires: Math.round(first + ((last - first) * index) / 19) }) as AuctionInfo,
  );
  return { page: number, pageSize: 20, auctions, hasNextPage } as MarketPage;
}

describe('a look at the newest listings of a longer duration', () => {
  it('undoes a far first guess by halving the way back, not a page at a time', () => {
    const watch = new FreshListingWatch(10_800);
    expect(watch.page(20, 0)).toBe(0);
    // The newest one-hour listings are dense: the guess for the 3-hour mark lands far past the end.
    const guess = watch.observe(page(0, 5, 63), 10_800) as number;
    expect(guess).toBeGreaterThan(100);
    const back = watch.observe(page(guess, 0, 0, false), 10_800) as number;
    expect(back).toBeLessThanOrEqual(Math.ceil(guess / 2));
  });

  it('steps back a page at a time at the one-hour mark of a lone account, as before', () => {
    const watch = new FreshListingWatch();
    const guess = watch.observe(page(0, 5, 63), 3_600) as number;
    expect(watch.observe(page(guess, 0, 0, false), 3_600)).toBe(guess - 1);
  });
});
