import { requireFinite } from '../math/guards.js';
import { roundHalfAwayFromZero } from './rounding.js';

const COMPACT_UNITS = [
  { size: 1, suffix: '' },
  { size: 1_000, suffix: 'K' },
  { size: 1_000_000, suffix: 'M' },
] as const;

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 0 });
const wholeGrouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Compact number with at most one decimal and K (thousand) or M (million): 950 → "950",
 * 1,000 → "1K", 1,550 → "1.6K", 999,949 → "999.9K", 999,950 → "1M" (a value that rounds up to
 * 1,000 of a unit moves to the next unit), 2,500,000 → "2.5M". Nothing larger than M exists, so
 * billions read "1,500M". Negative values keep their sign.
 */
export function formatCompactNumber(value: number): string {
  requireFinite(value, 'value');
  const magnitude = Math.abs(value);
  let unitIndex = COMPACT_UNITS.findLastIndex((unit) => magnitude >= unit.size);
  if (unitIndex < 0) unitIndex = 0;
  let scaled = roundHalfAwayFromZero(magnitude / COMPACT_UNITS[unitIndex]!.size, 1);
  if (scaled >= 1_000 && unitIndex < COMPACT_UNITS.length - 1) {
    unitIndex += 1;
    scaled = roundHalfAwayFromZero(magnitude / COMPACT_UNITS[unitIndex]!.size, 1);
  }
  const sign = value < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${oneDecimal.format(scaled)}${COMPACT_UNITS[unitIndex]!.suffix}`;
}

/** A whole number with thousands separators: 1234567 → "1,234,567" (the number format switched off). */
export function formatFullNumber(value: number): string {
  return wholeGrouped.format(roundHalfAwayFromZero(value, 0));
}

/** Coins as the user chose to see them: compact ("1.5K") or in full ("1,500"). */
export function formatCoins(value: number, compact: boolean): string {
  return compact ? formatCompactNumber(value) : formatFullNumber(value);
}

/** A percentage given in percent units with exactly two decimals: 12.345 → "12.35%". */
export function formatPercent(percent: number): string {
  return `${roundHalfAwayFromZero(percent, 2).toFixed(2)}%`;
}

/** A ratio (0.5 = half) as a percentage with two decimals: 0.1234 → "12.34%". */
export function formatRatioAsPercent(ratio: number): string {
  return formatPercent(requireFinite(ratio, 'ratio') * 100);
}
