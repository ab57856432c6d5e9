import { requireFinite } from './guards.js';

/** A source of randomness in [0, 1), injected so that every wait replays exactly in tests. */
export type Rng = () => number;

/** An inclusive range of milliseconds. */
export interface MsRange {
  readonly min: number;
  readonly max: number;
}

/** A whole number drawn uniformly from [min, max] (both ends included) using `rng`. */
export function randomIntInclusive(range: MsRange, rng: Rng): number {
  const min = Math.ceil(requireFinite(range.min, 'min'));
  const max = Math.floor(requireFinite(range.max, 'max'));
  if (max < min) throw new RangeError(`max ${range.max} must not be below min ${range.min}`);
  const draw = rng();
  if (typeof draw !== 'number' || !(draw >= 0 && draw < 1)) {
    throw new RangeError(`rng must return a number in [0, 1), got ${String(draw)}`);
  }
  return min + Math.floor(draw * (max - min + 1));
}

/**
 * A seeded pseudo-random source (mulberry32): the same seed always yields the same sequence,
 * so anything driven by it (a session's waits, a solver's search) replays exactly in a test.
 */
export function seededRng(seed: number): Rng {
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be a whole number, got ${String(seed)}`);
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
