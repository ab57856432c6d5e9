import {
  MAX_MIN_PRICE,
  MIN_PRICE,
  nextPrice,
  previousPrice,
  randomIntInclusive,
  type Rng,
} from '@tradedesk/domain';
import type { MarketSearch } from '@tradedesk/game-client';

/** The ladder prices from 150 up to `ceiling`. */
function ladderUpTo(ceiling: number): number[] {
  const prices: number[] = [];
  for (let price = MIN_PRICE; price <= ceiling; price = nextPrice(price)) prices.push(price);
  return prices;
}

/**
 * Varies the min Buy Now (or, when the filter has its own min price, the min bid) on every
 * search, so the game can never answer from a cached identical query. Values stay on the
 * ladder, at most 1,000 and at most half the max Buy Now, and never repeat twice in a row.
 */
export class CacheBuster {
  private previous: number | undefined;

  constructor(private readonly rng: Rng) {}

  apply(search: MarketSearch): MarketSearch {
    const maxBuyNow = search.maxBuyNow ?? MAX_MIN_PRICE * 2;
    const ceiling = Math.min(MAX_MIN_PRICE, previousPrice(Math.floor(maxBuyNow / 2) + 1));
    const candidates = ladderUpTo(ceiling).filter((price) => price !== this.previous);
    if (candidates.length === 0) return search;
    const value =
      candidates[randomIntInclusive({ min: 0, max: candidates.length - 1 }, this.rng)] ?? MIN_PRICE;
    this.previous = value;
    const ownMinimum = search.minBuyNow ?? 0;
    return ownMinimum >= value ? { ...search, minBid: value } : { ...search, minBuyNow: value };
  }
}
