import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { blockFor } from '../../test/block-thread.js';
import { EVENT_LOOP_STALL_MS, watchEventLoop } from './event-loop-watch.js';

/** A logger that keeps the arguments of each warning. */
function recordingLog() {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  return { warnings, log };
}

/** A thread that never waits for a CPU: every delay is its own work (a busy test machine must not say otherwise). */
const neverWaited = () => 0;

describe('watchEventLoop', () => {
  it('measures a stall and warns about it', async () => {
    const { warnings, log } = recordingLog();
    const watch = watchEventLoop(log, { resolutionMs: 5, checkEveryMs: 20, cpuWaitMs: neverWaited });
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      blockFor(EVENT_LOOP_STALL_MS + 100);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(watch.delay().peakMs).toBeGreaterThan(EVENT_LOOP_STALL_MS);
      expect(watch.delay().stalls).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      watch.resetPeak();
      expect(watch.delay().peakMs).toBeLessThan(EVENT_LOOP_STALL_MS);
    } finally {
      watch.stop();
    }
  });

  it('forgets the work before the server listened, and watches from then on', async () => {
    const { warnings, log } = recordingLog();
    // No check of its own in the test's time: the first one comes when asked (resetPeak).
    const watch = watchEventLoop(log, { resolutionMs: 5, checkEveryMs: 3_600_000, cpuWaitMs: neverWaited });
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      blockFor(EVENT_LOOP_STALL_MS + 100); // building the card index before listening
      watch.forgetStartUp();
      expect(watch.delay()).toMatchObject({ peakMs: 0, stalls: 0 });
      await new Promise((resolve) => setTimeout(resolve, 30));
      blockFor(EVENT_LOOP_STALL_MS + 100); // a request that blocks once the node serves
      await new Promise((resolve) => setTimeout(resolve, 30));
      watch.resetPeak();
      expect(watch.delay().stalls).toBe(1);
      expect(warnings).toHaveLength(1);
    } finally {
      watch.stop();
    }
  });

  it('tells a delay spent waiting for a CPU from a stall, and warns with what it was', async () => {
    const { warnings, log } = recordingLog();
    let waitedMs = 0;
    const watch = watchEventLoop(log, {
      resolutionMs: 5,
      checkEveryMs: 3_600_000,
      cpuWaitMs: () => waitedMs,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      // Another process had the core: the thread waited for it all the delay.
      const heldFrom = performance.now();
      blockFor(EVENT_LOOP_STALL_MS + 100);
      await new Promise((resolve) => setTimeout(resolve, 30));
      waitedMs += performance.now() - heldFrom;
      watch.resetPeak();
      expect(watch.delay()).toMatchObject({ stalls: 0, cpuWaits: 1 });
      expect(warnings.at(-1)?.[1]).toBe('The event loop was late waiting for a CPU: the machine is busy');
      // The same delay with no wait for a CPU is this process's own: a stall.
      blockFor(EVENT_LOOP_STALL_MS + 100);
      await new Promise((resolve) => setTimeout(resolve, 30));
      watch.resetPeak();
      expect(watch.delay()).toMatchObject({ stalls: 1, cpuWaits: 1 });
      expect(warnings.at(-1)?.[1]).toBe('The event loop stalled: a request blocked every other');
    } finally {
      watch.stop();
    }
  });
});
