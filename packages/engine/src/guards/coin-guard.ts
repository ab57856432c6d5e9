import { runLog } from '../run-log.js';
import { CONTINUE, type Guard } from './guard.js';

/**
 * Ends the run for lack of coins: always when the game refused a buy for it (470), and, with the
 * coin check on, as soon as the balance falls below the current filter's max Buy Now.
 */
export function coinGuard(isCoinCheckEnabled: boolean): Guard {
  return {
    name: 'coins',
    description:
      'Ends the run when coins fall below the filter max price or the game says there are not enough.',
    check(view) {
      const refused = view.lastError?.kind === 'not-enough-coins';
      const belowFloor = isCoinCheckEnabled && view.coins !== undefined && view.coins < view.maxBuyNow;
      return refused || belowFloor
        ? { action: 'stop', reason: 'not-enough-coins', message: runLog.notEnoughCoins }
        : CONTINUE;
    },
  };
}
