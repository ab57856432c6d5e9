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

/** A price in hand is asked for again after this long, so the price service is not asked every search. */
export const PRICE_REFRESH_MS = 60_000;

/** Whether a quote fetched at `fetchedAt` can serve this cycle without asking again. */
export function canReuseQuote(
  quote: PriceQuote | undefined,
  fetchedAt: number | undefined,
  now: number,
  maxAgeMs: number,
): quote is PriceQuote {
  if (quote === undefined || fetchedAt === undefined || now - fetchedAt >= PRICE_REFRESH_MS) return false;
  return judgePrice(quote, now, maxAgeMs).state === 'fresh';
}
