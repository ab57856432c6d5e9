import { categoryOf } from '@tradedesk/game-client';
import { runLog } from '../run-log.js';
import { CONTINUE, type Guard, type GuardVerdict } from './guard.js';

/**
 * Operational game errors end the run at once: a captcha (raised, never solved), a soft ban, a
 * locked market, a session that could not be renewed, and any other operational error (a full
 * unassigned pile, no club …) with the game's own text. Lack of coins is the coin guard's;
 * a malformed answer is retried by the back-off guard.
 */
export function safetyGuard(): Guard {
  return {
    name: 'safety',
    description:
      'Stops on a captcha, a soft ban, a locked market, a lost session or another operational error.',
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
        case 'not-enough-coins':
        case 'malformed-response':
          return CONTINUE;
        default:
          return categoryOf(error.kind) === 'operational'
            ? { action: 'stop', reason: 'error', message: error.message }
            : CONTINUE;
      }
    },
  };
}
