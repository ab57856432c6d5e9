import { runLog } from '../run-log.js';
import { CONTINUE, type Guard } from './guard.js';

/** Per-run caps; 0 means no limit (the configuration's default). */
export interface RunThresholds {
  readonly maxRequests: number;
  readonly maxSnipes: number;
  readonly maxSearches: number;
}

/** Ends the run once any of requests, snipes or searches reaches its threshold. */
export function thresholdsGuard(thresholds: RunThresholds): Guard {
  const reached = (count: number, limit: number) => limit > 0 && count >= limit;
  return {
    name: 'thresholds',
    description: 'Ends the run when the requests, snipes or searches threshold is reached.',
    check: (view) =>
      reached(view.requests, thresholds.maxRequests) ||
      reached(view.snipes, thresholds.maxSnipes) ||
      reached(view.searches, thresholds.maxSearches)
        ? { action: 'stop', reason: 'thresholds', message: runLog.thresholdsExceeded }
        : CONTINUE,
  };
}
