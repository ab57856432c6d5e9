import type { SbcSolutionPlayerRecord } from '../../db/schema-sbc.js';

/** One game challenge to solve. */
export interface SolveJob {
  /** Our challenge id (`set-…` or `challenge-…`). */
  readonly challengeId: string;
  readonly formation: string;
  /** The game's `{elgOperation, elgReq}`. */
  readonly requirements: unknown;
  readonly timeLimitMs: number;
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
    }
  | { readonly challengeId: string; readonly ok: false; readonly reason: string };

/** One batch sent to the solver thread: jobs and the prices they are solved at. */
export interface SolveRequest {
  readonly id: number;
  readonly jobs: readonly SolveJob[];
  /** `[definitionId, price]` of every priced card. */
  readonly prices: ReadonlyArray<readonly [number, number]>;
}

/** A message of the solver thread: one result, or the end of a batch. */
export type SolveMessage = { id: number; result: SolveJobResult } | { id: number; done: true };
