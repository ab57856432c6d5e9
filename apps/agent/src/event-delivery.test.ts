import type { EventAck } from '@tradedesk/domain/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliverEvent, EVENT_RETRY_MS } from './event-delivery.js';

const retry: EventAck = { ok: false, message: 'Could not store the event', retry: true };

/** An emit answering `answers` in turn (then ok), counting its calls. */
function server(answers: EventAck[]) {
  const emitted: number[] = [];
  return {
    emitted,
    emit: () => {
      emitted.push(emitted.length);
      return Promise.resolve(answers.shift() ?? { ok: true });
    },
  };
}

describe('deliverEvent (every run kind hands its events to the server through it)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends an event again, a wait apart, while the server answers retry, until it is stored', async () => {
    const { emit, emitted } = server([retry, retry, { ok: true, stop: true }]);
    const delivered = deliverEvent({ emit, isKilled: () => false });
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS);
    expect(emitted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS);
    expect(await delivered).toEqual({ ok: true, stop: true });
    expect(emitted).toHaveLength(3);
  });

  it('sends an event again when its acknowledgement did not come in time', async () => {
    let calls = 0;
    const emit = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('operation has timed out'))
        : Promise.resolve({ ok: true });
    };
    expect(await deliverEvent({ emit, isKilled: () => false })).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('stops sending once the agent is killed', async () => {
    let killed = false;
    const { emit, emitted } = server([retry, retry, retry]);
    const delivered = deliverEvent({ emit, isKilled: () => killed });
    await vi.advanceTimersByTimeAsync(0);
    killed = true;
    await vi.advanceTimersByTimeAsync(EVENT_RETRY_MS);
    expect(await delivered).toEqual(retry);
    expect(emitted).toHaveLength(2);
  });
});
