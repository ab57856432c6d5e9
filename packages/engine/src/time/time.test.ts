import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock.js';
import { seededRng } from './rng.js';

describe('seeded rng', () => {
  it('replays the same sequence for the same seed, in [0, 1)', () => {
    const a = seededRng(123);
    const b = seededRng(123);
    const first = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('gives another sequence for another seed and refuses a fractional seed', () => {
    expect(seededRng(1)()).not.toEqual(seededRng(2)());
    expect(() => seededRng(1.5)).toThrow(RangeError);
  });
});

describe('virtual clock', () => {
  it('moves time forward when sleeping, without waiting', async () => {
    const clock = new VirtualClock(1_000);
    await clock.sleep(60 * 60_000);
    expect(clock.now()).toBe(1_000 + 60 * 60_000);
    clock.advance(5);
    expect(clock.now()).toBe(3_601_005);
  });

  it('does not sleep once the signal has aborted and refuses negative waits', async () => {
    const clock = new VirtualClock();
    const abort = new AbortController();
    abort.abort();
    await clock.sleep(10_000, abort.signal);
    expect(clock.now()).toBe(0);
    await expect(clock.sleep(-1)).rejects.toThrow(RangeError);
  });
});

describe('system clock', () => {
  it('ends a long sleep as soon as the run is stopped', async () => {
    const { systemClock } = await import('./clock.js');
    const abort = new AbortController();
    const sleeping = systemClock.sleep(60 * 60_000, abort.signal);
    abort.abort();
    await expect(sleeping).resolves.toBeUndefined();
  });
});
