import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness.js';

/** A check the test answers by hand: `next()` gives the promise the next call returns. */
function scriptedCheck() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let calls = 0;
  const untilCalled = async () => {
    while (settle === undefined) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    check: () => {
      calls += 1;
      settle = undefined;
      return new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    /** Answers the pending call (once the probe has made it: checks start on a later tick). */
    answer: async () => {
      await untilCalled();
      settle?.resolve();
    },
    fail: async (message: string) => {
      await untilCalled();
      settle?.reject(new Error(message));
    },
    calls: () => calls,
  };
}

describe('readiness', () => {
  it('stays ready while a check that answered lately is busy, and turns not ready once that answer is too old', async () => {
    let now = 0;
    const readiness = createReadiness({ busyAnswerMs: 20, freshMs: 10_000, now: () => now });
    const database = scriptedCheck();
    readiness.addCheck('database', database.check);

    const first = readiness.report();
    await database.answer();
    expect((await first).ready).toBe(true);

    // The next check waits (the pool is busy): the probe answers with the success 4 s ago.
    now = 4_000;
    const busy = await readiness.report();
    expect(busy.ready).toBe(true);
    expect(busy.checks.database?.message).toMatch(/^busy: answered 4000 ms ago$/);

    // Probes share the waiting check rather than queueing more behind it.
    now = 9_000;
    expect((await readiness.report()).ready).toBe(true);
    expect(database.calls()).toBe(2);

    // 11 s without an answer: the probe waits for the check itself, which fails.
    now = 11_000;
    const stale = readiness.report();
    await database.fail('connection terminated');
    const report = await stale;
    expect(report.ready).toBe(false);
    expect(report.checks.database).toEqual({ ok: false, message: 'connection terminated' });
  });

  it('is not ready at once when a check fails, however recent its last success', async () => {
    const readiness = createReadiness({ busyAnswerMs: 1_000, freshMs: 10_000, now: () => 0 });
    const redis = scriptedCheck();
    readiness.addCheck('redis', redis.check);
    const first = readiness.report();
    await redis.answer();
    expect((await first).ready).toBe(true);

    const second = readiness.report();
    await redis.fail('Redis is unreachable');
    expect(await second).toMatchObject({ ready: false, checks: { redis: { ok: false } } });
  });

  it('answers not ready while draining, with its reason', async () => {
    const readiness = createReadiness();
    readiness.addCheck('database', () => undefined);
    readiness.drain();
    const report = await readiness.report();
    expect(report.ready).toBe(false);
    expect(report.checks.draining).toEqual({ ok: false, message: 'The node is shutting down' });
  });
});
