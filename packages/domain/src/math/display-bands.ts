import { requireFinite } from './guards.js';

/** Colour of the transfer tool's latency reading. */
export type LatencyColour = 'red' | 'yellow' | 'green';

/** Latency (ms) above this is red. */
export const LATENCY_RED_ABOVE_MS = 90;
/** Latency (ms) above this, up to the red bound, is yellow; at or below it, green. */
export const LATENCY_YELLOW_ABOVE_MS = 50;
/** The safe latency the transfer tool recommends. */
export const RECOMMENDED_SAFE_LATENCY_MS = 75;

/** Red above 90 ms, yellow above 50 up to 90, green at 50 or below. */
export function latencyColour(latencyMs: number): LatencyColour {
  requireFinite(latencyMs, 'latencyMs');
  if (latencyMs > LATENCY_RED_ABOVE_MS) return 'red';
  if (latencyMs > LATENCY_YELLOW_ABOVE_MS) return 'yellow';
  return 'green';
}

/** True when a latency check should be shown in error style ('Latency: N ms' above the safe latency). */
export function isAboveSafeLatency(latencyMs: number, safeLatencyMs: number): boolean {
  return requireFinite(latencyMs, 'latencyMs') > requireFinite(safeLatencyMs, 'safeLatencyMs');
}

/**
 * How an SBC challenge's expiry is shown. `neutral` covers the gap the spec leaves between the
 * warning band (below 10,080 min = 7 days) and the green band (above 43,200 min = 30 days).
 */
export type ExpiryBand = 'hidden' | 'red' | 'warning' | 'neutral' | 'green';

export const EXPIRY_HIDDEN_ABOVE_MINUTES = 525_600; // one year
export const EXPIRY_RED_BELOW_MINUTES = 1_440; // one day
export const EXPIRY_WARNING_BELOW_MINUTES = 10_080; // one week
export const EXPIRY_GREEN_ABOVE_MINUTES = 43_200; // 30 days

/** The display band for a challenge expiring in `minutesLeft` minutes (negative: already expired → red). */
export function expiryBand(minutesLeft: number): ExpiryBand {
  requireFinite(minutesLeft, 'minutesLeft');
  if (minutesLeft > EXPIRY_HIDDEN_ABOVE_MINUTES) return 'hidden';
  if (minutesLeft < EXPIRY_RED_BELOW_MINUTES) return 'red';
  if (minutesLeft < EXPIRY_WARNING_BELOW_MINUTES) return 'warning';
  if (minutesLeft > EXPIRY_GREEN_ABOVE_MINUTES) return 'green';
  return 'neutral';
}

/** Whole minutes from `now` until `expiresAt` (both epoch ms); negative once expired. */
export function minutesUntil(expiresAtMs: number, nowMs: number): number {
  const difference = requireFinite(expiresAtMs, 'expiresAtMs') - requireFinite(nowMs, 'nowMs');
  return Math.floor(difference / 60_000);
}
