import {
  MAX_MIN_PRICE,
  MAX_PRICE,
  MIN_PRICE,
  nextPrice,
  previousPrice,
  randomIntInclusive,
  stepPrice,
  type Rng,
} from '@tradedesk/domain';
import type { MarketSearch } from '@tradedesk/game-client';

/** How far below a filter's own min Buy Now the variation may reach, in ladder steps. */
const STEPS_BELOW_OWN_MINIMUM = 10;

/** The ladder prices from `lowest` up to `highest`. */
function ladderBetween(lowest: number, highest: number): number[] {
  const prices: number[] = [];
  for (let price = lowest; price <= highest; price = nextPrice(price)) prices.push(price);
  return prices;
}

/** How far above the max Buy Now the varied max bid may reach, in ladder steps. */
const STEPS_ABOVE_MAX_BUY_NOW = 10;

/**
 * Varies the query on every search so the game can never answer from a cached identical
 * query; the value never repeats twice in a row. With a max Buy Now, the max bid varies above it:
 * a listing's bid never reaches its Buy Now, so the results stay exactly the same listings in
 * the same places (the 59th Minute watch relies on where the newest ones sit).
 * Without one, the min Buy Now varies. Without a min price of its own the value comes
 * from the ladder between 150 and min(1,000, half the max Buy Now); with one, it comes from up
 * to ten ladder steps below that min — so the search only ever widens, and the strategies drop
 * listings under the filter's own min when they pick. The min bid is left alone: varying it
 * would hide listings whose starting bid is low, which are exactly the ones snipers want.
 */
export class CacheBuster {
  private previous: number | undefined;

  constructor(private readonly rng: Rng) {}

  apply(search: MarketSearch): MarketSearch {
    const byMaxBid = search.maxBuyNow !== undefined && search.maxBuyNow < MAX_PRICE;
    const candidates = (
      byMaxBid ? this.maxBidCandidates(search.maxBuyNow ?? 0) : this.candidates(search)
    ).filter((price) => price !== this.previous);
    if (candidates.length === 0) return search;
    const value =
      candidates[randomIntInclusive({ min: 0, max: candidates.length - 1 }, this.rng)] ?? MIN_PRICE;
    this.previous = value;
    return byMaxBid ? { ...search, maxBid: value } : { ...search, minBuyNow: value };
  }

  private maxBidCandidates(maxBuyNow: number): number[] {
    return ladderBetween(
      nextPrice(maxBuyNow),
      Math.min(MAX_PRICE, stepPrice(maxBuyNow, STEPS_ABOVE_MAX_BUY_NOW)),
    );
  }

  private candidates(search: MarketSearch): number[] {
    const ownMinimum = search.minBuyNow ?? 0;
    if (ownMinimum > MIN_PRICE) {
      return ladderBetween(stepPrice(ownMinimum, -STEPS_BELOW_OWN_MINIMUM), previousPrice(ownMinimum + 1));
    }
    const maxBuyNow = search.maxBuyNow ?? MAX_MIN_PRICE * 2;
    return ladderBetween(MIN_PRICE, Math.min(MAX_MIN_PRICE, previousPrice(Math.floor(maxBuyNow / 2) + 1)));
  }
}
