import type { GameErrorKind } from '@tradedesk/game-client';
import { runLog } from '../run-log.js';
import { CONTINUE, type Guard } from './guard.js';

export interface BackoffSettings {
  /** First wait after a temporary error; each further one in a row waits one more step. */
  readonly stepMs: number;
  readonly maxWaitMs: number;
  /** More temporary errors in a row than this end the run. */
  readonly maxConsecutive: number;
}

export const DEFAULT_BACKOFF: BackoffSettings = { stepMs: 30_000, maxWaitMs: 300_000, maxConsecutive: 5 };

const temporaryKinds: ReadonlySet<GameErrorKind | 'session-lost'> = new Set([
  'throttled',
  'server-error',
  'network-error',
  'malformed-response',
]);

/**
 * Temporary errors (throttling, server hiccups, lost connection): wait a linearly growing time,
 * then try again; too many in a row ends the run with the error's own message.
 */
export function backoffGuard(settings: BackoffSettings = DEFAULT_BACKOFF): Guard {
  return {
    name: 'backoff',
    description: 'Backs off after throttling or a temporary game error; stops when it keeps happening.',
    check(view, now) {
      const error = view.lastError;
      if (error === undefined || !temporaryKinds.has(error.kind)) return CONTINUE;
      const message = error.kind === 'throttled' ? runLog.rateLimited : error.message;
      if (error.consecutive > settings.maxConsecutive) return { action: 'stop', reason: 'error', message };
      const until = error.at + Math.min(settings.maxWaitMs, settings.stepMs * error.consecutive);
      return now < until ? { action: 'pause', reason: 'backoff', until, message } : CONTINUE;
    },
  };
}
