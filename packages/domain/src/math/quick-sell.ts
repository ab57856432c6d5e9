import { requireNonNegative } from './guards.js';

/**
 * The spec's quick-sell discount table (§9 of both documents): a price below each bound gives that
 * discount; 800,000 and above give 15,000.
 */
export const QUICK_SELL_DISCOUNTS: readonly { readonly below: number; readonly discount: number }[] = [
  { below: 30_000, discount: 1_000 },
  { below: 50_000, discount: 2_000 },
  { below: 100_000, discount: 3_000 },
  { below: 150_000, discount: 5_000 },
  { below: 200_000, discount: 7_000 },
  { below: 800_000, discount: 10_000 },
  { below: Number.POSITIVE_INFINITY, discount: 15_000 },
];

/** The quick-sell discount, in coins, for a card priced at `price`. */
export function quickSellDiscount(price: number): number {
  requireNonNegative(price, 'price');
  const row = QUICK_SELL_DISCOUNTS.find((candidate) => price < candidate.below);
  return row?.discount ?? 15_000;
}
