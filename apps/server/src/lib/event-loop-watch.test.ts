import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { EVENT_LOOP_STALL_MS, watchEventLoop } from './event-loop-watch.js';

/** Holds the thread as a loop without end would, for `ms`. */
function blockFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('watchEventLoop', () => {
  it('measures a stall and warns about it', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
    const watch = watchEventLoop(log, { resolutionMs: 5, checkEveryMs: 20 });
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
});
