import type { Rng } from '@tradedesk/domain';
import type { MsRange } from '@tradedesk/domain';
import { randomIntInclusive } from '@tradedesk/domain';
import { runLog } from '../run-log.js';
import { CONTINUE, type Guard, type GuardVerdict } from './guard.js';

/**
 * Timed breaks: after a random working time (break frequency) the run pauses for a random break
 * duration, then works again. Both are drawn anew for each break.
 */
export function breakGuard(frequencyMs: MsRange, durationMs: MsRange, rng: Rng): Guard {
  let nextBreakAt: number | undefined;
  let breakUntil: number | undefined;
  return {
    name: 'breaks',
    description: 'Pauses the run for a break after a random working time.',
    check(view, now): GuardVerdict {
      nextBreakAt ??= view.startedAt + randomIntInclusive(frequencyMs, rng);
      if (breakUntil !== undefined) {
        if (now < breakUntil)
          return { action: 'pause', reason: 'break', until: breakUntil, message: runLog.breakStarted };
        nextBreakAt = breakUntil + randomIntInclusive(frequencyMs, rng);
        breakUntil = undefined;
      }
      if (now < nextBreakAt) return CONTINUE;
      breakUntil = now + randomIntInclusive(durationMs, rng);
      return { action: 'pause', reason: 'break', until: breakUntil, message: runLog.breakStarted };
    },
  };
}
