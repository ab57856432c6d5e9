import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** A delay past this is a stall: logged as a warning (and the hostile-input test's limit). */
export const EVENT_LOOP_STALL_MS = 200;

/** The event loop's delay as the health route shows it, in milliseconds. */
export interface EventLoopDelay {
  /** Mean delay since the last check. */
  readonly meanMs: number;
  /** The longest delay since the watch started (or `forgetStartUp`) or `resetPeak` was called. */
  readonly peakMs: number;
  /** Stalls (delays past EVENT_LOOP_STALL_MS) seen since the watch started (or `forgetStartUp`). */
  readonly stalls: number;
}

export interface EventLoopWatch {
  delay(): EventLoopDelay;
  resetPeak(): void;
  /**
   * Drops what was measured so far, unreported: the work a node does before it listens (its card
   * index, its catalogue) holds up no request, and counted as a stall it read as one that did.
   */
  forgetStartUp(): void;
  stop(): void;
}

const NS_PER_MS = 1e6;

/**
 * Measures the event loop's delay (perf_hooks.monitorEventLoopDelay) and logs a warning for
 * each check that saw a stall: one blocking request stops every user's, so it must be seen.
 */
export function watchEventLoop(
  log: FastifyBaseLogger,
  { resolutionMs = 10, checkEveryMs = 1_000 }: { resolutionMs?: number; checkEveryMs?: number } = {},
): EventLoopWatch {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  let peakMs = 0;
  let meanMs = 0;
  let stalls = 0;
  const maxMs = () => histogram.max / NS_PER_MS;

  const check = () => {
    const longest = maxMs();
    peakMs = Math.max(peakMs, longest);
    if (histogram.count > 0) meanMs = histogram.mean / NS_PER_MS;
    if (longest > EVENT_LOOP_STALL_MS) {
      stalls += 1;
      log.warn({ delayMs: Math.round(longest) }, 'The event loop stalled: a request blocked every other');
    }
    histogram.reset();
  };
  const timer = setInterval(check, checkEveryMs);
  timer.unref();

  return {
    delay: () => ({ meanMs, peakMs: Math.max(peakMs, maxMs()), stalls }),
    resetPeak: () => {
      check();
      peakMs = 0;
    },
    forgetStartUp: () => {
      // A delay still pending (the loop was held until now) is dropped with the rest.
      histogram.reset();
      peakMs = 0;
      stalls = 0;
    },
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
