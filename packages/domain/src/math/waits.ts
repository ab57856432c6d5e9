import { requireNonNegative } from './guards.js';
import { type MsRange, type Rng, randomIntInclusive } from './random.js';

/** Default pause between two requests: 400–500 ms (spec 000 §9). */
export const REQUEST_PAUSE_MS: MsRange = { min: 400, max: 500 };
/** Default wait for the game's UI to change: 800–900 ms. */
export const UI_CHANGE_WAIT_MS: MsRange = { min: 800, max: 900 };
/** Default wait when nothing else is given: 1,500–3,500 ms. */
export const DEFAULT_WAIT_MS: MsRange = { min: 1_500, max: 3_500 };
/** A wait "from a given value" lasts up to this much longer. */
export const WAIT_FROM_SPREAD_MS = 500;
/** A user delay d waits between max(USER_DELAY_FLOOR_MS, d − 30) and d + 550. */
export const USER_DELAY_FLOOR_MS = 500;
export const USER_DELAY_BELOW_MS = 30;
export const USER_DELAY_ABOVE_MS = 550;

/** Range of the wait for a user delay `delayMs`: [max(500, d − 30), d + 550]. */
export function userDelayRange(delayMs: number): MsRange {
  requireNonNegative(delayMs, 'delayMs');
  return {
    min: Math.max(USER_DELAY_FLOOR_MS, delayMs - USER_DELAY_BELOW_MS),
    max: delayMs + USER_DELAY_ABOVE_MS,
  };
}

/** Range of the default wait: 1,500–3,500 ms, or [from, from + 500] when a value is given. */
export function defaultWaitRange(fromMs?: number): MsRange {
  if (fromMs === undefined) return DEFAULT_WAIT_MS;
  requireNonNegative(fromMs, 'fromMs');
  return { min: fromMs, max: fromMs + WAIT_FROM_SPREAD_MS };
}

/** A pause between requests, 400–500 ms. */
export function requestPauseMs(rng: Rng): number {
  return randomIntInclusive(REQUEST_PAUSE_MS, rng);
}

/** A wait for a UI change, 800–900 ms. */
export function uiChangeWaitMs(rng: Rng): number {
  return randomIntInclusive(UI_CHANGE_WAIT_MS, rng);
}

/** The default wait: 1,500–3,500 ms, or from `fromMs` to `fromMs` + 500. */
export function defaultWaitMs(rng: Rng, fromMs?: number): number {
  return randomIntInclusive(defaultWaitRange(fromMs), rng);
}

/** The wait for a user-set delay d: random in [max(500, d − 30), d + 550]. */
export function userDelayWaitMs(delayMs: number, rng: Rng): number {
  return randomIntInclusive(userDelayRange(delayMs), rng);
}
