import type { EngineEvent } from './events.js';
import type { EventSink } from './ports.js';
import type { Clock } from './time/clock.js';

/**
 * One event fan-out: every sink gets every event; a failing sink never stops the others nor the
 * engine. Failures go to `onSinkError` (the agent logs them).
 */
export function fanOut(
  sinks: readonly EventSink[],
  onSinkError: (error: unknown, event: EngineEvent) => void = () => {},
): EventSink {
  return {
    async emit(event) {
      const results = await Promise.allSettled(sinks.map((sink) => sink.emit(event)));
      for (const result of results) {
        if (result.status === 'rejected') onSinkError(result.reason, event);
      }
    },
  };
}

/**
 * Drops a notice identical to one sent less than `windowMs` ago (e.g. 'Rate limited' on every
 * back-off), so chat channels are not flooded. Other events always pass.
 */
export function throttleRepeatedNotices(
  sink: EventSink,
  clock: Pick<Clock, 'now'>,
  windowMs: number,
): EventSink {
  if (!Number.isFinite(windowMs) || windowMs < 0)
    throw new RangeError(`windowMs must be ≥ 0, got ${windowMs}`);
  const lastSent = new Map<string, number>();
  return {
    emit(event) {
      if (event.type !== 'notice') return sink.emit(event);
      const key = `${event.level}\u0000${event.message}`;
      const now = clock.now();
      const previous = lastSent.get(key);
      if (previous !== undefined && now - previous < windowMs) return Promise.resolve();
      lastSent.set(key, now);
      return sink.emit(event);
    },
  };
}
