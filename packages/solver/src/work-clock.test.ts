import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from './work-clock.js';

describe("the solve's CPU-time cap clock (threadCpuMs)", () => {
  it('counts the work this thread does, and not the time it waits', async () => {
    const beforeSleep = threadCpuMs();
    await sleep(300);
    // The wall clock would read 300 ms here: a busy machine's waits must not look like work.
    expect(threadCpuMs() - beforeSleep).toBeLessThan(100);

    const beforeWork = threadCpuMs();
    const giveUpAt = Date.now() + 5_000;
    while (threadCpuMs() - beforeWork < 30 && Date.now() < giveUpAt);
    expect(threadCpuMs() - beforeWork).toBeGreaterThanOrEqual(30);
  });
});
