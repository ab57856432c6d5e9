import { runLog } from '../run-log.js';
import { CONTINUE, type Guard } from './guard.js';

/** Ends the run once the sniping duration (drawn once from the configured range) has passed. */
export function durationGuard(durationMs: number): Guard {
  if (!(durationMs > 0)) throw new RangeError(`durationMs must be positive, got ${durationMs}`);
  return {
    name: 'duration',
    description: 'Ends the run when the sniping duration is over.',
    check: (view, now) =>
      now - view.startedAt >= durationMs
        ? { action: 'stop', reason: 'execution-time', message: runLog.executionTimeExceeded }
        : CONTINUE,
  };
}
