import { performance } from 'node:perf_hooks';

export interface TickLateness {
  /** How late the tick due since the last one is, measured now (0 when on time): a block still going on. */
  latenessNow(): number;
  /** Measures the next tick from now: what held the loop until now is not counted. */
  restart(): void;
  stop(): void;
}

/**
 * A timer that ticks every `everyMs` and hands each tick's lateness (how long after it was due it ran:
 * this thread's event loop was held, or waited for a CPU) to `onTick`. Both the event-loop watch and
 * the stall ledger read the loop this way: perf_hooks' monitorEventLoopDelay drops the first delay
 * after its reset, and a histogram cannot say when a stall ended.
 */
export function tickLateness(everyMs: number, onTick: (latenessMs: number) => void): TickLateness {
  let lastTick = performance.now();
  const latenessNow = () => Math.max(0, performance.now() - lastTick - everyMs);
  const timer = setInterval(() => {
    const lateness = latenessNow();
    lastTick = performance.now();
    onTick(lateness);
  }, everyMs);
  timer.unref();
  return {
    latenessNow,
    restart: () => {
      lastTick = performance.now();
    },
    stop: () => clearInterval(timer),
  };
}
