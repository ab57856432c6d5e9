import { describe, expect, it } from 'vitest';
import type { EngineEvent } from './events.js';
import { fanOut, throttleRepeatedNotices } from './fan-out.js';
import { RecordingSink } from './testing/index.js';
import { VirtualClock } from './time/clock.js';

const notice = (message: string, at = 0): EngineEvent => ({
  type: 'notice',
  at,
  accountId: 'a',
  level: 'ERROR',
  message,
});

describe('event fan-out', () => {
  it('delivers every event to every sink, even when one sink fails', async () => {
    const first = new RecordingSink();
    const second = new RecordingSink();
    const failures: unknown[] = [];
    const failing = { emit: async () => Promise.reject(new Error('webhook down')) };
    const sink = fanOut([first, failing, second], (error) => failures.push(error));
    await sink.emit(notice('Rate limited'));
    expect(first.notices).toEqual(['Rate limited']);
    expect(second.notices).toEqual(['Rate limited']);
    expect(failures).toEqual([new Error('webhook down')]);
  });

  it('drops a repeated notice inside the window, and lets other events through', async () => {
    const clock = new VirtualClock();
    const recorder = new RecordingSink();
    const sink = throttleRepeatedNotices(recorder, clock, 60_000);
    await sink.emit(notice('Rate limited'));
    clock.advance(30_000);
    await sink.emit(notice('Rate limited'));
    await sink.emit(notice('Encountered soft ban'));
    await sink.emit({ type: 'break-end', at: 0, accountId: 'a' });
    clock.advance(30_000);
    await sink.emit(notice('Rate limited'));
    expect(recorder.events.map((event) => (event.type === 'notice' ? event.message : event.type))).toEqual([
      'Rate limited',
      'Encountered soft ban',
      'break-end',
      'Rate limited',
    ]);
  });
});
