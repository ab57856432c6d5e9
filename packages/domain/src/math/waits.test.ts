import { describe, expect, it } from 'vitest';
import { randomIntInclusive } from './random.js';
import {
  defaultWaitMs,
  defaultWaitRange,
  requestPauseMs,
  uiChangeWaitMs,
  userDelayRange,
  userDelayWaitMs,
} from './waits.js';

const lowest = () => 0;
const highest = () => 0.999_999;
const middle = () => 0.5;

describe('waits draw from the spec ranges with an injected rng', () => {
  it.each([
    ['pause between requests', requestPauseMs, 400, 500],
    ['wait for UI changes', uiChangeWaitMs, 800, 900],
    ['default wait', (rng: () => number) => defaultWaitMs(rng), 1_500, 3_500],
    ['default wait from 2,000', (rng: () => number) => defaultWaitMs(rng, 2_000), 2_000, 2_500],
  ])('%s spans %i to %i ms', (_name, wait, min, max) => {
    expect(wait(lowest)).toBe(min);
    expect(wait(highest)).toBe(max);
    const mid = wait(middle);
    expect(mid).toBeGreaterThan(min);
    expect(mid).toBeLessThan(max);
  });

  it.each([
    [0, 500, 550],
    [400, 500, 950],
    [530, 500, 1_080],
    [1_000, 970, 1_550],
    [3_500, 3_470, 4_050],
  ])('a user delay of %i ms waits between %i and %i ms', (delay, min, max) => {
    expect(userDelayRange(delay)).toEqual({ min, max });
    expect(userDelayWaitMs(delay, lowest)).toBe(min);
    expect(userDelayWaitMs(delay, highest)).toBe(max);
  });

  it('uses 1,500–3,500 ms unless a starting value is given', () => {
    expect(defaultWaitRange()).toEqual({ min: 1_500, max: 3_500 });
    expect(defaultWaitRange(0)).toEqual({ min: 0, max: 500 });
  });

  it('replays exactly with a seeded rng', () => {
    const seeded = (values: number[]) => () => values.shift() ?? 0;
    const draws = [0.1, 0.7, 0.3];
    expect([0, 1, 2].map(() => requestPauseMs(seeded([...draws])))).toEqual([410, 410, 410]);
    const rng = seeded([...draws]);
    expect([requestPauseMs(rng), requestPauseMs(rng), requestPauseMs(rng)]).toEqual([410, 470, 430]);
  });

  it('rejects an rng that leaves [0, 1) and a negative delay', () => {
    expect(() => requestPauseMs(() => 1)).toThrow('rng must return a number in [0, 1), got 1');
    expect(() => userDelayWaitMs(-1, middle)).toThrow('delayMs must not be negative, got -1');
    expect(() => randomIntInclusive({ min: 10, max: 5 }, middle)).toThrow('max 5 must not be below min 10');
  });
});
