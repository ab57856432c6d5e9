/** Where a price came from: one of the price sites or a snipe session's own search ('live'). */
export const priceSources = ['futbin', 'futwiz', 'futgg', 'live'] as const;
export type PriceSource = (typeof priceSources)[number];

export interface PriceFreshness {
  /** Milliseconds since the price was observed (never negative). */
  ageMs: number;
  isStale: boolean;
}

/** A price's age at `now` and whether it is older than the configured limit. */
export function freshnessOf(observedAt: Date, now: Date, staleAfterMs: number): PriceFreshness {
  const ageMs = Math.max(0, now.getTime() - observedAt.getTime());
  return { ageMs, isStale: ageMs > staleAfterMs };
}

/** A price a buy decision may use: fresh ones only; a stale price reads as no price. */
export function usablePrice(
  price: { price: number; observedAt: Date } | undefined,
  now: Date,
  staleAfterMs: number,
): number | undefined {
  if (!price) return undefined;
  return freshnessOf(price.observedAt, now, staleAfterMs).isStale ? undefined : price.price;
}
