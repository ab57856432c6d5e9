import { describe, expect, it } from 'vitest';
import { SharedVirtualClock } from './shared-virtual-clock.js';

describe('a virtual clock shared by several runs', () => {
  it('interleaves the runs’ waits in time order and moves time by the waits alone', async () => {
    const moves: number[] = [];
    const clock = new SharedVirtualClock(2, { startMs: 1_000, onAdvance: (ms) => moves.push(ms) });
    const log: string[] = [];
    const run = async (name: string, waits: number[]) => {
      for (const wait of waits) {
        await clock.sleep(wait);
        log.push(`${name}@${clock.now()}`);
      }
      clock.finished();
    };
    await Promise.all([run('a', [300, 300, 300]), run('b', [500, 500])]);
    expect(log).toEqual(['a@1300', 'b@1500', 'a@1600', 'a@1900', 'b@2000']);
    expect(moves.reduce((sum, ms) => sum + ms, 0)).toBe(1_000);
  });

  it('ends a wait early when its run is stopped, without moving time', async () => {
    const clock = new SharedVirtualClock(2);
    const stop = new AbortController();
    const stopped = clock.sleep(60_000, stop.signal);
    stop.abort();
    await stopped;
    expect(clock.now()).toBe(0);
  });

  it('refuses a clock for no runs and a negative wait', () => {
    expect(() => new SharedVirtualClock(0)).toThrow('a shared clock needs runs ≥ 1, got 0');
    expect(() => new SharedVirtualClock(1).sleep(-1)).toThrow(RangeError);
  });
});
