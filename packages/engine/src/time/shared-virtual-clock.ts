import { checkDelay, type Clock } from './clock.js';

interface Sleeper {
  readonly at: number;
  readonly order: number;
  readonly wake: () => void;
}

/**
 * Virtual time for several runs at once (the accounts of a fleet in tests and benchmarks): a
 * run's sleep waits until every run still going is asleep, then time jumps to the earliest
 * wake-up and that run goes on alone. So the runs take turns, their waits interleave as they would
 * in real time, requests take no time, and a seed replays the whole fleet exactly.
 */
export class SharedVirtualClock implements Clock {
  private current: number;
  private readonly sleepers: Sleeper[] = [];
  private order = 0;
  /** Runs going and not asleep. */
  private awake: number;

  /**
   * `runs` is how many runs use the clock (each calls `finished` when it ends); `onAdvance` hears
   * every move of time (e.g. to move a sandbox game's clock with it).
   */
  constructor(
    runs: number,
    private readonly options: { startMs?: number; onAdvance?: (ms: number) => void } = {},
  ) {
    if (!Number.isSafeInteger(runs) || runs < 1)
      throw new RangeError(`a shared clock needs runs ≥ 1, got ${runs}`);
    this.awake = runs;
    this.current = options.startMs ?? 0;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    checkDelay(ms);
    if (signal?.aborted === true) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const sleeper: Sleeper = {
        at: this.current + ms,
        order: (this.order += 1),
        wake: () => {
          signal?.removeEventListener('abort', cutShort);
          resolve();
        },
      };
      const cutShort = () => {
        const index = this.sleepers.indexOf(sleeper);
        if (index === -1) return;
        this.sleepers.splice(index, 1);
        this.awake += 1;
        sleeper.wake();
      };
      signal?.addEventListener('abort', cutShort, { once: true });
      this.sleepers.push(sleeper);
      this.awake -= 1;
      this.wakeNext();
    });
  }

  /** A run ended: the others no longer wait for it. */
  finished(): void {
    this.awake = Math.max(0, this.awake - 1);
    this.wakeNext();
  }

  private wakeNext(): void {
    if (this.awake > 0 || this.sleepers.length === 0) return;
    let next = 0;
    this.sleepers.forEach((sleeper, index) => {
      const best = this.sleepers[next] as Sleeper;
      if (sleeper.at < best.at || (sleeper.at === best.at && sleeper.order < best.order)) next = index;
    });
    const [sleeper] = this.sleepers.splice(next, 1) as [Sleeper];
    if (sleeper.at > this.current) {
      const step = sleeper.at - this.current;
      this.current = sleeper.at;
      this.options.onAdvance?.(step);
    }
    this.awake += 1;
    sleeper.wake();
  }
}
