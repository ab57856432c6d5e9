import { requireNonNegative } from './guards.js';
import { MAX_PRICE, MIN_PRICE, isValidPrice, nextPrice, previousPrice, snapPrice } from './price-ladder.js';

/** A listing's starting bid and Buy Now price, in coins. */
export interface BidAndBuyNow {
  readonly bid: number;
  readonly buyNow: number;
}

/** Which of the two inputs the user just changed. */
export type ChangedPriceField = 'bid' | 'buyNow';

/**
 * Applies the spec's bump rules after one of the two inputs changed (both are snapped first):
 * when the bid is at or above Buy Now, Buy Now rises to the next valid game price; when Buy Now
 * is at or below the bid, the bid drops to the preceding valid game price. At the ends of the
 * ladder the other field moves instead (a bid of 15,000,000 lowers itself; a Buy Now of 150
 * becomes 200 over a bid of 150), because Buy Now must stay strictly above the bid.
 */
export function reconcileBidAndBuyNow(prices: BidAndBuyNow, changed: ChangedPriceField): BidAndBuyNow {
  const bid = snapPrice(prices.bid);
  const buyNow = snapPrice(prices.buyNow);
  if (bid < buyNow) return { bid, buyNow };
  if (changed === 'bid') {
    if (bid < MAX_PRICE) return { bid, buyNow: nextPrice(bid) };
    return { bid: previousPrice(MAX_PRICE), buyNow: MAX_PRICE };
  }
  if (buyNow > MIN_PRICE) return { bid: previousPrice(buyNow), buyNow };
  return { bid: MIN_PRICE, buyNow: nextPrice(MIN_PRICE) };
}

/** A card's allowed price range on the market (GAME-PROTOCOL §4.2, `pricelimits`). */
export interface PriceLimits {
  readonly minPrice: number;
  readonly maxPrice: number;
}

function checkLimits(limits: PriceLimits): void {
  requireNonNegative(limits.minPrice, 'minPrice');
  requireNonNegative(limits.maxPrice, 'maxPrice');
  if (limits.minPrice > limits.maxPrice) {
    throw new RangeError(`minPrice ${limits.minPrice} is above maxPrice ${limits.maxPrice}`);
  }
}

/** Lowest and highest ladder prices inside the limits; throws when the range holds none. */
export function ladderRangeWithin(limits: PriceLimits): { lowest: number; highest: number } {
  checkLimits(limits);
  const lowest = isValidPrice(limits.minPrice) ? limits.minPrice : nextPrice(limits.minPrice);
  const highest = isValidPrice(limits.maxPrice) ? limits.maxPrice : previousPrice(limits.maxPrice);
  if (lowest > highest || lowest < limits.minPrice || highest > limits.maxPrice) {
    throw new RangeError(`No valid game price lies between ${limits.minPrice} and ${limits.maxPrice}`);
  }
  return { lowest, highest };
}

/** Snaps `price` to the ladder and pulls it inside the card's price limits. */
export function clampToPriceLimits(price: number, limits: PriceLimits): number {
  const { lowest, highest } = ladderRangeWithin(limits);
  return Math.min(highest, Math.max(lowest, snapPrice(price)));
}

/**
 * Listing prices that the game will accept for a card: both clamped into its limits, and Buy Now
 * strictly above the starting bid (Buy Now is raised one step, or the bid lowered one step when
 * Buy Now is already at the top of the range). Throws when the range holds a single price.
 */
export function listingPricesWithinLimits(prices: BidAndBuyNow, limits: PriceLimits): BidAndBuyNow {
  const { lowest, highest } = ladderRangeWithin(limits);
  if (lowest === highest) {
    throw new RangeError(
      `Price range ${limits.minPrice}–${limits.maxPrice} leaves no room for a bid below Buy Now`,
    );
  }
  const bid = clampToPriceLimits(prices.bid, limits);
  const buyNow = clampToPriceLimits(prices.buyNow, limits);
  if (bid < buyNow) return { bid, buyNow };
  if (bid < highest) return { bid, buyNow: nextPrice(bid) };
  return { bid: previousPrice(highest), buyNow: highest };
}

/**
 * The "list at the price database's price × percentage" follow-up: the market price scaled by
 * `percent` (0–100) and snapped to the game ladder.
 */
export function priceAtPercentage(marketPrice: number, percent: number): number {
  requireNonNegative(marketPrice, 'marketPrice');
  requireNonNegative(percent, 'percent');
  if (percent > 100) throw new RangeError(`percent must be between 0 and 100, got ${percent}`);
  return snapPrice((marketPrice * percent) / 100);
}
