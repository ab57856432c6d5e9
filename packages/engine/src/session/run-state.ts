import type { GameError } from '@tradedesk/game-client';
import type { GuardView, RecordedError } from '../guards/guard.js';

/** The mutable counters of one run; guards only ever see a frozen view of them. */
export class RunState {
  coins: number | undefined;
  profits = 0;
  snipes = 0;
  lostSnipes = 0;
  lastError: RecordedError | undefined;
  /** One re-authentication is allowed until a call succeeds again. */
  reauthenticated = false;

  constructor(readonly startedAt: number) {}

  /** Records an error the guards react to; the same kind in a row counts up. */
  recordError(kind: RecordedError['kind'], error: Pick<GameError, 'code' | 'message'>, at: number): void {
    const consecutive = this.lastError?.kind === kind ? this.lastError.consecutive + 1 : 1;
    this.lastError = { kind, code: error.code, message: error.message, at, consecutive };
  }

  /** A call went through: error streaks end. */
  recordSuccess(): void {
    this.lastError = undefined;
    this.reauthenticated = false;
  }

  view(counters: { requests: number; searches: number }, maxBuyNow: number): GuardView {
    return {
      startedAt: this.startedAt,
      requests: counters.requests,
      searches: counters.searches,
      snipes: this.snipes,
      lostSnipes: this.lostSnipes,
      coins: this.coins,
      maxBuyNow,
      lastError: this.lastError,
    };
  }
}
