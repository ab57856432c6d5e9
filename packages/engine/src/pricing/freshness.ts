import type { PriceQuote } from '../ports.js';

/** Prices older than this are stale by default: price sites lag the market (GLOSSARY). */
export const DEFAULT_MAX_PRICE_AGE_MS = 15 * 60_000;

export type PriceVerdict =
  | { readonly state: 'fresh'; readonly quote: PriceQuote }
  | { readonly state: 'stale'; readonly quote: PriceQuote; readonly ageMs: number }
  | { readonly state: 'missing' };

/** Judges a quote with the caller's `now`; only a fresh price may drive a buy. */
export function judgePrice(quote: PriceQuote | undefined, now: number, maxAgeMs: number): PriceVerdict {
  if (quote === undefined || !(quote.price > 0)) return { state: 'missing' };
  const ageMs = now - quote.observedAt;
  return ageMs > maxAgeMs ? { state: 'stale', quote, ageMs } : { state: 'fresh', quote };
}
