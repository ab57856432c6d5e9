import { requireFinite } from '../math/guards.js';

const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });

/** Prices are stored in whole cents; this is the euro amount (÷ 100). */
export function centsToEuros(cents: number): number {
  requireFinite(cents, 'cents');
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be a whole number, got ${cents}`);
  return cents / 100;
}

/** A price in cents shown in EUR: 1250 → "€12.50", 123456 → "€1,234.56". */
export function formatEuroCents(cents: number): string {
  return euro.format(centsToEuros(cents));
}
