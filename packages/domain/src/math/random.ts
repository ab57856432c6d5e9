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
