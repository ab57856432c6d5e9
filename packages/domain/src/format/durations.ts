import { type ExpiryBand, expiryBand } from '../math/display-bands.js';
import { requireFinite, requireNonNegative } from '../math/guards.js';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole seconds elapsed from `startMs` to `nowMs` (never negative: a clock skew shows 0). */
export function elapsedSeconds(startMs: number, nowMs: number): number {
  const difference = requireFinite(nowMs, 'nowMs') - requireFinite(startMs, 'startMs');
  return Math.max(0, Math.floor(difference / 1000));
}

/** Elapsed time is shown in seconds: 42 → "42s", 3725 → "3,725s". */
export function formatSeconds(seconds: number): string {
  return `${grouped.format(Math.floor(requireNonNegative(seconds, 'seconds')))}s`;
}

/** The latency toast text, verbatim from the spec: 'Latency: N ms'. */
export function formatLatencyMessage(latencyMs: number): string {
  return `Latency: ${Math.round(requireNonNegative(latencyMs, 'latencyMs'))} ms`;
}

/** What an SBC challenge's expiry cell shows: its text and its colour band. */
export interface ExpiryDisplay {
  readonly text: string;
  readonly band: ExpiryBand;
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1_440;

/**
 * Text for a challenge expiring in `minutesLeft` minutes: '-' beyond a year (hidden), 'Expired'
 * at 0 or below, otherwise the two largest units ("6d 23h", "4h 5m", "59m").
 */
export function formatChallengeExpiry(minutesLeft: number): ExpiryDisplay {
  const band = expiryBand(minutesLeft);
  if (band === 'hidden') return { text: '-', band };
  const minutes = Math.floor(minutesLeft);
  if (minutes <= 0) return { text: 'Expired', band };
  const days = Math.floor(minutes / MINUTES_PER_DAY);
  const hours = Math.floor((minutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const rest = minutes % MINUTES_PER_HOUR;
  if (days > 0) return { text: hours > 0 ? `${days}d ${hours}h` : `${days}d`, band };
  if (hours > 0) return { text: rest > 0 ? `${hours}h ${rest}m` : `${hours}h`, band };
  return { text: `${rest}m`, band };
}
