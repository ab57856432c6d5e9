import type { Rng } from '@tradedesk/domain';

/**
 * A seeded pseudo-random source (mulberry32): the same seed always yields the same sequence,
 * so a whole session (waits, cache-busting values, break times) replays exactly in a test.
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
