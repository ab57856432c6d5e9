import { requireFinite, requireNonNegative } from './guards.js';

/**
 * The game's price ladder (spec §9, GAME-PROTOCOL §4.1): legal prices step by 50 below 1,000,
 * 100 below 10,000, 250 below 50,000, 500 below 100,000 and 1,000 from there on.
 */
export const PRICE_BANDS: readonly { readonly below: number; readonly step: number }[] = [
  { below: 1_000, step: 50 },
  { below: 10_000, step: 100 },
  { below: 50_000, step: 250 },
  { below: 100_000, step: 500 },
  { below: Number.POSITIVE_INFINITY, step: 1_000 },
];

/** The smallest non-zero price the game accepts for a bid or Buy Now. */
export const MIN_PRICE = 150;

/** The highest price on the game's ladder (GAME-PROTOCOL §4.1: step lists end at 15,000,000). */
export const MAX_PRICE = 15_000_000;

/**
 * Where the ladder starts.
 * - `150` (default): game prices — bids, Buy Now prices, listing prices. Nothing below 150.
 * - `0`: filter and search inputs, where 0 means "no limit" and the plain 50-step table applies
 *   from 0 (the spec's "lowest tier 150 in some modes" is the other mode).
 */
export type LowestTier = 0 | 150;

export interface LadderOptions {
  readonly lowestTier?: LowestTier;
}

function lowestPrice(options: LadderOptions | undefined): number {
  return options?.lowestTier ?? MIN_PRICE;
}

function checkPrice(price: number, name = 'price'): number {
  return requireNonNegative(requireFinite(price, name), name);
}

/** Step of the band `price` falls in (a price on a band edge belongs to the upper band). */
export function priceStep(price: number): number {
  checkPrice(price);
  const band = PRICE_BANDS.find((candidate) => price < candidate.below);
  // The last band is unbounded, so a band is always found.
  return band?.step ?? 1_000;
}

/** Step used when going down from `price`: at a band edge (1,000, 10,000 …) the lower band's. */
function stepBelow(price: number): number {
  const band = PRICE_BANDS.find((candidate) => price <= candidate.below);
  return band?.step ?? 1_000;
}

/** True when `price` is exactly on the ladder (and within [lowest tier, MAX_PRICE]). */
export function isValidPrice(price: number, options?: LadderOptions): boolean {
  if (typeof price !== 'number' || !Number.isInteger(price)) return false;
  if (price < lowestPrice(options) || price > MAX_PRICE) return false;
  return price % priceStep(price) === 0;
}

/**
 * Snaps a typed price to the nearest ladder price (halves go up), as price inputs do on blur.
 * Values below the lowest tier become the lowest tier; values above MAX_PRICE become MAX_PRICE.
 */
export function snapPrice(price: number, options?: LadderOptions): number {
  checkPrice(price);
  const lowest = lowestPrice(options);
  if (price <= lowest) return lowest;
  if (price >= MAX_PRICE) return MAX_PRICE;
  const step = priceStep(price);
  // Band edges are multiples of both neighbouring steps, so rounding in the value's own band
  // always lands on a legal price (possibly the band's upper edge).
  return Math.max(lowest, Math.round(price / step) * step);
}

/** The next ladder price strictly above `price` (1,000 → 1,100; 975 → 1,000); capped at MAX_PRICE. */
export function nextPrice(price: number, options?: LadderOptions): number {
  checkPrice(price);
  const lowest = lowestPrice(options);
  if (price < lowest) return lowest;
  if (price >= MAX_PRICE) return MAX_PRICE;
  const step = priceStep(price);
  return Math.min(MAX_PRICE, Math.floor(price / step) * step + step);
}

/**
 * The ladder price strictly below `price` (1,000 → 950; 10,250 → 10,000); never below the
 * lowest tier, so stepping down from the floor stays on the floor.
 */
export function previousPrice(price: number, options?: LadderOptions): number {
  checkPrice(price);
  const lowest = lowestPrice(options);
  if (price <= lowest) return lowest;
  if (price > MAX_PRICE) return MAX_PRICE;
  const step = stepBelow(price);
  return Math.max(lowest, Math.ceil(price / step) * step - step);
}

/** Moves `steps` ladder prices up (positive) or down (negative) from `price`. */
export function stepPrice(price: number, steps: number, options?: LadderOptions): number {
  if (!Number.isInteger(steps)) throw new RangeError(`steps must be a whole number, got ${steps}`);
  let current = price;
  const move = steps > 0 ? nextPrice : previousPrice;
  for (let moved = 0; moved < Math.abs(steps); moved += 1) {
    const following = move(current, options);
    if (following === current) break; // pinned at the floor or at MAX_PRICE
    current = following;
  }
  return current;
}
