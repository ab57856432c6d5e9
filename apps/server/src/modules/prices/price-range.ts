import { nextPrice, previousPrice, snapPrice } from '@tradedesk/domain';

/**
 * The game's Buy Now range of a card worth `value` coins, as the sandbox models EA's daily price
 * limits: 150 below 1,000, else 30 % of the value; the top is 3× the value (at least 10,000).
 */
export function priceRangeOf(value: number): { minPrice: number; maxPrice: number } {
  const minPrice = value < 1_000 ? 150 : snapPrice(value * 0.3);
  const maxPrice = Math.max(nextPrice(nextPrice(minPrice)), snapPrice(Math.max(value * 3, 10_000)));
  return { minPrice: Math.min(minPrice, previousPrice(maxPrice)), maxPrice };
}

/** Price ranges change once a day, so a range is computed from a price at most this old. */
export const PRICE_RANGE_MAX_AGE_MS = 24 * 3_600_000;
