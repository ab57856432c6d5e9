/** Where the engine gets the time and how it waits; injected so that tests never wait for real. */
export interface Clock {
  /** Milliseconds since the epoch (or since the virtual clock's start). */
  now(): number;
  /** Waits `ms`; resolves early (never rejects) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A wait must be a finite, non-negative number of ms. */
export function checkDelay(ms: number): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    throw new RangeError(`sleep needs a finite, non-negative number of ms, got ${String(ms)}`);
  }
  return ms;
}

/** The real clock: Date.now and setTimeout (what the agent uses). */
export const systemClock: Clock = {
  now: () => Date.now(),
  async sleep(ms, signal) {
    checkDelay(ms);
    if (signal?.aborted === true) return;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    });
  },
};

/**
 * A clock for tests: sleeping moves virtual time forward at once, so an hour-long session runs in
 * milliseconds and replays exactly. `advance` moves time without a sleep (e.g. a slow answer).
 */
export class VirtualClock implements Clock {
  private current: number;
  /** Total virtual time spent sleeping (not advanced by hand). */
  slept = 0;

  constructor(startMs = 0) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    checkDelay(ms);
    if (signal?.aborted === true) return;
    this.current += ms;
    this.slept += ms;
  }

  advance(ms: number): void {
    this.current += checkDelay(ms);
  }
}
