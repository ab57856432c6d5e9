import { runLog } from '../run-log.js';
import { CONTINUE, type Guard, type GuardVerdict } from './guard.js';

/**
 * Operational game errors that end the run at once: a captcha (raised, never solved), a soft
 * ban, a locked market, or a session that could not be renewed.
 */
export function safetyGuard(): Guard {
  return {
    name: 'safety',
    description: 'Stops on a captcha, a soft ban, a locked market or a lost session.',
    check(view): GuardVerdict {
      const error = view.lastError;
      if (error === undefined) return CONTINUE;
      switch (error.kind) {
        case 'captcha':
          return { action: 'stop', reason: 'captcha', message: runLog.captcha };
        case 'soft-ban':
          return { action: 'stop', reason: 'soft-ban', message: runLog.softBan };
        case 'market-locked':
          return { action: 'stop', reason: 'market-locked', message: error.message };
        case 'session-lost':
          return { action: 'stop', reason: 'session-expired', message: runLog.sessionExpiredFatal };
        default:
          return CONTINUE;
      }
    },
  };
}
