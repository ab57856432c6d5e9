import { describe, expect, it } from 'vitest';
import {
  attemptResultOf,
  createDeliveryQueues,
  retryAfterMs,
  type AttemptResult,
  type QueueOutcome,
} from './delivery.js';

/** Queues whose waits are recorded instead of slept. */
function recordingQueues(policy: Parameters<typeof createDeliveryQueues>[0]['policy'] = {}) {
  const waits: number[] = [];
  const outcomes: Array<[string, QueueOutcome]> = [];
  const queues = createDeliveryQueues({
    policy,
    sleep: async (ms) => {
      waits.push(ms);
    },
    onOutcome: (key, outcome) => outcomes.push([key, outcome]),
  });
  return { queues, waits, outcomes };
}

/** An attempt that answers the given results in turn, counting calls. */
function answering(...results: AttemptResult[]) {
  const attempt = async () => {
    attempt.calls += 1;
    return results.shift() ?? { ok: true as const };
  };
  attempt.calls = 0;
  return attempt;
}

const serverError = attemptResultOf(500, undefined);

describe('chat delivery queues', () => {
  it('retries a 5xx with exponential backoff until it is delivered', async () => {
    const { queues, waits, outcomes } = recordingQueues({ backoffMs: (n) => 100 * 2 ** (n - 1) });
    const attempt = answering(serverError, serverError, { ok: true });
    queues.enqueue('webhook:u1', attempt);
    await queues.drain();
    expect(attempt.calls).toBe(3);
    expect(waits).toEqual([100, 200]);
    expect(outcomes).toEqual([['webhook:u1', { delivered: true }]]);
  });

  it('waits what a 429 asks (Retry-After) instead of its own backoff, up to the cap', async () => {
    const { queues, waits } = recordingQueues({ backoffMs: () => 5, maxRetryAfterMs: 30_000 });
    const attempt = answering(attemptResultOf(429, 7_000), attemptResultOf(429, 600_000), { ok: true });
    queues.enqueue('webhook:u1', attempt);
    await queues.drain();
    expect(waits).toEqual([7_000, 30_000]);
  });

  it('gives up after its attempts, and at once on a final 4xx, reporting why', async () => {
    const { queues, outcomes } = recordingQueues({ maxAttempts: 3, backoffMs: () => 0 });
    const failing = answering(serverError, serverError, serverError, serverError);
    queues.enqueue('webhook:u1', failing);
    const gone = answering(attemptResultOf(404, undefined));
    queues.enqueue('webhook:u1', gone);
    await queues.drain();
    expect(failing.calls).toBe(3);
    expect(gone.calls).toBe(1);
    expect(outcomes).toEqual([
      ['webhook:u1', { delivered: false, reason: 'HTTP 500' }],
      ['webhook:u1', { delivered: false, reason: 'HTTP 404' }],
    ]);
  });

  it('treats a thrown error (timeout, refused connection) as worth another attempt', async () => {
    const { queues, outcomes } = recordingQueues({ backoffMs: () => 0 });
    let calls = 0;
    queues.enqueue('webhook:u1', async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error('aborted'), { name: 'TimeoutError' });
      return { ok: true };
    });
    await queues.drain();
    expect(calls).toBe(2);
    expect(outcomes).toEqual([['webhook:u1', { delivered: true }]]);
  });

  it('keeps at most maxQueued messages per key, dropping the oldest, and never waits to enqueue', async () => {
    const { queues, outcomes } = recordingQueues({ maxQueued: 2 });
    let release = () => {};
    const sent: string[] = [];
    const blocked = new Promise<void>((resolve) => (release = resolve));
    queues.enqueue('webhook:u1', async () => {
      await blocked;
      sent.push('first');
      return { ok: true };
    });
    for (const name of ['a', 'b', 'c'])
      queues.enqueue('webhook:u1', async () => {
        sent.push(name);
        return { ok: true };
      });
    // Another user's queue is not held up by the first one's slow receiver.
    queues.enqueue('webhook:u2', async () => {
      sent.push('other user');
      return { ok: true };
    });
    expect(queues.pending('webhook:u1')).toBe(3);
    expect(outcomes).toEqual([['webhook:u1', { delivered: false, reason: 'too many messages waiting' }]]);
    release();
    await queues.drain();
    expect(sent).toEqual(['other user', 'first', 'b', 'c']);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
