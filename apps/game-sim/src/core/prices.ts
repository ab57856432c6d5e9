/**
 * Price-ladder and tax math the world needs. Temporary bridge: replaced by
 * `@tradedesk/domain`'s math once that package exports it.
 */
const BANDS = [
  { below: 1_000, step: 50 },
  { below: 10_000, step: 100 },
  { below: 50_000, step: 250 },
  { below: 100_000, step: 500 },
  { below: Number.POSITIVE_INFINITY, step: 1_000 },
] as const;

export const MIN_PRICE = 150;
export const MAX_PRICE = 15_000_000;

function stepAt(price: number): number {
  return BANDS.find((band) => price < band.below)?.step ?? 1_000;
}

/** True when `price` is a legal game price (on the ladder, 150 … 15,000,000). */
export function isValidPrice(price: number): boolean {
  return Number.isInteger(price) && price >= MIN_PRICE && price <= MAX_PRICE && price % stepAt(price) === 0;
}

/** Nearest ladder price (halves up), clamped to [150, 15,000,000]. */
export function snapPrice(price: number): number {
  if (price <= MIN_PRICE) return MIN_PRICE;
  if (price >= MAX_PRICE) return MAX_PRICE;
  const step = stepAt(price);
  return Math.max(MIN_PRICE, Math.round(price / step) * step);
}

/** The next ladder price above `price`. */
export function nextPrice(price: number): number {
  if (price < MIN_PRICE) return MIN_PRICE;
  if (price >= MAX_PRICE) return MAX_PRICE;
  const step = stepAt(price);
  return Math.min(MAX_PRICE, Math.floor(price / step) * step + step);
}

/** The ladder price below `price` (never below 150). */
export function previousPrice(price: number): number {
  if (price <= MIN_PRICE) return MIN_PRICE;
  const step = BANDS.find((band) => price <= band.below)?.step ?? 1_000;
  return Math.max(MIN_PRICE, Math.ceil(price / step) * step - step);
}

/** What the seller receives for a sale at `price`: floor(price × 0.95). */
export function sellerProceeds(price: number): number {
  return Math.floor(price * 0.95);
}
