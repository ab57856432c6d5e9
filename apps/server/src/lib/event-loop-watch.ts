import type { FastifyBaseLogger } from 'fastify';
import { threadCpuWaitMs } from './cpu-wait.js';
import { tickLateness } from './tick-lateness.js';

/** A delay past this is a stall: logged as a warning (and the hostile-input test's limit). */
export const EVENT_LOOP_STALL_MS = 200;

/** The event loop's delay as the health route shows it, in milliseconds. */
export interface EventLoopDelay {
  /** Mean delay since the last check. */
  readonly meanMs: number;
  /** The longest delay since the watch started (or `forgetStartUp`) or `resetPeak` was called. */
  readonly peakMs: number;
  /**
   * Stalls seen since the watch started (or `forgetStartUp`): delays past EVENT_LOOP_STALL_MS that
   * this process's own work made (a blocking request), not its wait for a CPU.
   */
  readonly stalls: number;
  /** Delays past EVENT_LOOP_STALL_MS that were mostly waiting for a CPU: the machine was busy. */
  readonly cpuWaits: number;
}

export interface EventLoopWatch {
  delay(): EventLoopDelay;
  /**
   * Counts what was measured so far (a delay going on ends here), then measures from now: the
   * next peak is what the loop does from this moment (a test sending one request).
   */
  resetPeak(): void;
  /**
   * Drops what was measured so far, unreported: the work a node does before it listens (its card
   * index, its catalogue) holds up no request, and counted as a stall it read as one that did.
   */
  forgetStartUp(): void;
  stop(): void;
}

/**
 * How late a timer's ticks come, per window: the event loop's delay. A window starts at `reset`,
 * which keeps the last tick, so a block right after it is still measured.
 */
function lateTicks(everyMs: number) {
  let longest = 0;
  let total = 0;
  let ticks = 0;
  const reset = () => {
    longest = 0;
    total = 0;
    ticks = 0;
  };
  const lateness = tickLateness(everyMs, (lateMs) => {
    longest = Math.max(longest, lateMs);
    total += lateMs;
    ticks += 1;
  });
  return {
    /** The longest delay of the window, a delay still going on included. */
    longestMs: () => Math.max(longest, lateness.latenessNow()),
    meanMs: () => (ticks > 0 ? total / ticks : undefined),
    reset,
    /** Drops the delay going on too: what the loop did until now is not counted. */
    restart: () => {
      lateness.restart();
      reset();
    },
    stop: lateness.stop,
  };
}

/**
 * Measures the event loop's delay (how late a timer's ticks come) and logs a warning for
 * each check that saw a stall: one blocking request stops every user's, so it must be seen.
 * A delay the thread spent waiting for a CPU (another process, or the solver's threads, had the
 * cores) is told apart by the thread's run-queue wait over the check: on a busy 2-core machine
 * those were most of the warnings, and read as requests that blocked.
 */
export function watchEventLoop(
  log: FastifyBaseLogger,
  {
    resolutionMs = 10,
    checkEveryMs = 1_000,
    cpuWaitMs = threadCpuWaitMs,
  }: { resolutionMs?: number; checkEveryMs?: number; cpuWaitMs?: () => number } = {},
): EventLoopWatch {
  const ticks = lateTicks(resolutionMs);
  let peakMs = 0;
  let meanMs = 0;
  let stalls = 0;
  let cpuWaits = 0;
  let waitedBefore = cpuWaitMs();
  const check = () => {
    const longest = ticks.longestMs();
    const waitedNow = cpuWaitMs();
    const waitedForCpu = Math.max(0, waitedNow - waitedBefore);
    waitedBefore = waitedNow;
    peakMs = Math.max(peakMs, longest);
    meanMs = ticks.meanMs() ?? meanMs;
    // What the wait for a CPU does not explain, this process held the loop for itself.
    if (longest - waitedForCpu > EVENT_LOOP_STALL_MS) {
      stalls += 1;
      log.warn({ delayMs: Math.round(longest) }, 'The event loop stalled: a request blocked every other');
    } else if (longest > EVENT_LOOP_STALL_MS) {
      cpuWaits += 1;
      log.warn(
        { delayMs: Math.round(longest), waitedForCpuMs: Math.round(waitedForCpu) },
        'The event loop was late waiting for a CPU: the machine is busy',
      );
    }
    ticks.reset();
  };
  const timer = setInterval(check, checkEveryMs);
  timer.unref();

  return {
    delay: () => ({ meanMs, peakMs: Math.max(peakMs, ticks.longestMs()), stalls, cpuWaits }),
    resetPeak: () => {
      check();
      ticks.restart();
      peakMs = 0;
    },
    forgetStartUp: () => {
      // A delay still pending (the loop was held until now) is dropped with the rest.
      ticks.restart();
      waitedBefore = cpuWaitMs();
      peakMs = 0;
      stalls = 0;
      cpuWaits = 0;
    },
    stop: () => {
      clearInterval(timer);
      ticks.stop();
    },
  };
}
