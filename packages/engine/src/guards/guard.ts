import type { GameErrorKind } from '@tradedesk/game-client';
import type { StopReason } from '../events.js';

/** The last game error the session met, and how many times in a row. */
export interface RecordedError {
  readonly kind: GameErrorKind | 'session-lost';
  readonly code: number;
  readonly message: string;
  readonly at: number;
  readonly consecutive: number;
}

/** What a guard may look at: a read-only snapshot the session builds before each step. */
export interface GuardView {
  readonly startedAt: number;
  readonly requests: number;
  readonly searches: number;
  /** Successful buys. */
  readonly snipes: number;
  /** Buy Now attempts that lost the race: the listing was worth buying, someone was faster. */
  readonly lostSnipes: number;
  /** Coins as last read from the game; undefined before the first read. */
  readonly coins: number | undefined;
  /** Max Buy Now of the current filter: the coin check's floor. */
  readonly maxBuyNow: number;
  readonly lastError: RecordedError | undefined;
}

/** A pace pause is routine (the budget guard spreading requests) and raises no notice. */
export type PauseReason = 'break' | 'backoff' | 'pace';

export type GuardVerdict =
  | { readonly action: 'continue' }
  | {
      readonly action: 'pause';
      readonly reason: PauseReason;
      readonly until: number;
      readonly message: string;
    }
  | { readonly action: 'stop'; readonly reason: StopReason; readonly message: string };

export const CONTINUE: GuardVerdict = Object.freeze({ action: 'continue' });

/**
 * A small rule that may pause or end a run. Guards never read the clock: `now` comes from the
 * caller, so every guard is tested by moving a number.
 */
export interface Guard {
  readonly name: string;
  /** One line for logs and docs: what the guard protects against. */
  readonly description: string;
  check(view: GuardView, now: number): GuardVerdict;
}

/**
 * Runs the guards in order before each step. A stop wins over a pause; among pauses the longest
 * wins. Guards are validated once, here.
 */
export class GuardManager {
  private readonly guards: readonly Guard[];

  constructor(guards: readonly Guard[]) {
    const names = new Set<string>();
    for (const guard of guards) {
      if (guard.name.trim() === '' || guard.description.trim() === '') {
        throw new Error('Every guard needs a name and a description');
      }
      if (names.has(guard.name)) throw new Error(`Guard ${guard.name} is registered twice`);
      names.add(guard.name);
    }
    this.guards = [...guards];
  }

  get names(): readonly string[] {
    return this.guards.map((guard) => guard.name);
  }

  check(view: GuardView, now: number): GuardVerdict {
    let pause: GuardVerdict | undefined;
    for (const guard of this.guards) {
      const verdict = guard.check(view, now);
      if (verdict.action === 'stop') return verdict;
      if (verdict.action === 'pause' && (pause?.action !== 'pause' || verdict.until > pause.until))
        pause = verdict;
    }
    return pause ?? CONTINUE;
  }
}
