import type { SbcSolutionPlayerRecord } from '../../db/schema-sbc.js';

/** One game challenge to solve. */
export interface SolveJob {
  /** Our challenge id (`set-…` or `challenge-…`). */
  readonly challengeId: string;
  readonly formation: string;
  /** The game's `{elgOperation, elgReq}`. */
  readonly requirements: unknown;
  /** The solve's work budget (work milliseconds, @tradedesk/solver). */
  readonly workLimitMs: number;
  /**
   * Set on a refinement (SolverPool.refine): the thread goes on solving on growing budgets up to
   * this much work while the answer is unproven, and sends each cheaper squad or higher bound.
   */
  readonly finalWorkMs?: number;
  /** An account's own cards, used before market cards (each at what it would sell for). */
  readonly owned?: readonly OwnedJobCard[];
}

/** One card of an account's club as a solve job carries it (the catalogue gives its facts). */
export interface OwnedJobCard {
  readonly itemId: number;
  readonly definitionId: number;
  readonly untradeable: boolean;
  /** Coins it would sell for: the price after the 5 % tax if tradeable, else its quick-sell value. */
  readonly sellValue: number;
}

/** What the solver thread answers per job. */
export type SolveJobResult =
  | {
      readonly challengeId: string;
      readonly ok: true;
      /** Coins to buy the squad on the market. */
      readonly cost: number;
      readonly proof: { kind: 'optimal' } | { kind: 'bounded'; lowerBound: number; gap: number };
      readonly players: SbcSolutionPlayerRecord[];
      /** Slots the account's own cards fill (none unless the job had `owned` cards). */
      readonly ownedSlots: number[];
    }
  | {
      readonly challengeId: string;
      readonly ok: false;
      readonly reason: string;
      /** The solver proved no squad exists in the pool (not: it found none in its time). */
      readonly infeasible: boolean;
    };

/** One challenge sent to a solver thread, with the prices unless the thread has them already. */
export interface SolverToWorker {
  readonly id: number;
  readonly job: SolveJob;
  /** The price set's id: a thread keeps the market of the last one it got. */
  readonly pricesId: number;
  /** `[definitionId, price]` of every priced card (left out when the thread has this price set). */
  readonly prices?: ReadonlyArray<readonly [number, number]>;
}

/**
 * A solver thread's answer to one challenge: `done` ends the job (a plain job's one answer); a
 * refinement sends each better answer with `done: false`, then `done: true` without one.
 */
export interface WorkerToSolver {
  readonly id: number;
  readonly result?: SolveJobResult;
  readonly done: boolean;
}
