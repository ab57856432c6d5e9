import type { ChallengeRequirements, SbcBrick, SbcCard } from '@tradedesk/domain';

/** Where a candidate card comes from; owned cards are used first because they cost less. */
export type CardSource = 'untradeable' | 'tradeable' | 'market';

/**
 * A card the account owns, valued at what it would sell for: a tradeable card at its market price
 * after tax, an untradeable one at its quick-sell value (so fodder the account cannot trade is
 * used first, and a squad never burns a valuable card to save a few coins).
 */
export interface OwnedCard extends SbcCard {
  /** The item id in the account's club. */
  readonly itemId: number;
  readonly definitionId: number;
  /** One real player (all versions share it): a squad never holds two cards of one asset. */
  readonly assetId: number;
  /** Coins the card would sell for: after-tax market price, or the quick-sell value if untradeable. */
  readonly sellValue: number;
}

/** A card on the market at its cheapest Buy Now price. */
export interface MarketCard extends SbcCard {
  readonly definitionId: number;
  readonly assetId: number;
  readonly price: number;
}

export interface SolveInput {
  readonly challenge: ChallengeRequirements;
  /** A formation id such as `f433` (slot codes from the domain's table). */
  readonly formation: string;
  /** Locked slots by index (plain or custom bricks). */
  readonly bricks?: readonly { readonly slot: number; readonly brick: SbcBrick }[];
  readonly owned?: readonly OwnedCard[];
  readonly market: readonly MarketCard[];
  /**
   * The solve's budget in work milliseconds (default 1000): work counted by the search loops
   * (nodes, steps), about a millisecond of one quiet core each, so the same input gives the same
   * answer on any machine and under any load (work-clock.ts).
   */
  readonly workLimitMs?: number;
  /**
   * Safety cap in milliseconds of this thread's CPU time (default 20 × the work budget, at least
   * 10 s; wall time where the platform has no per-thread CPU clock): only the worst case, never
   * reached by a busy machine; a solve stopped by it says so (`capped`) and its answer may depend
   * on the machine.
   */
  readonly capMs?: number;
  /** What the cap reads, in milliseconds (default: this thread's CPU time; tests pass fake clocks). */
  readonly capClock?: () => number;
  /**
   * Steps of the local search instead of the time budget: the same input and seed then give the
   * same answer on any machine (tests).
   */
  readonly searchSteps?: number;
  /** Seed of the local search (answers repeat for a seed). */
  readonly seed?: number;
  /**
   * A squad known to meet the challenge (an earlier, smaller solve's answer): the solve starts
   * from it (its first incumbent and the searches' first start), so it never answers dearer.
   */
  readonly startSquad?: readonly StartPick[];
  /** A lower bound an earlier solve proved on the challenge's cost: the solve's bounds start there. */
  readonly startBound?: number;
  /** Run the MILP bound provider in a worker thread (default true). */
  readonly useMilp?: boolean;
  /**
   * The clock the solve's stages read their budget from between stages (default the work clock):
   * tests pass a fake one to check which stages run once the deadline has passed. The loops
   * inside the stages read the work clock.
   */
  readonly now?: () => number;
}

/** The card of a known squad's slot, as an answer names it. */
export type StartPick = Pick<SquadPick, 'slot' | 'assetId' | 'source' | 'definitionId' | 'itemId'>;

/** One placed card of the answer. */
export interface SquadPick {
  readonly slot: number;
  /** The slot's position code in the formation (`LCB`, `ST` …). */
  readonly position: string;
  readonly definitionId: number;
  readonly assetId: number;
  /** The owned item used, if the card is owned. */
  readonly itemId?: number;
  readonly source: CardSource;
  /** What using the card costs: an owned card's sell value, else its market price. */
  readonly cost: number;
  readonly rating: number;
  readonly chemistry: number;
  readonly clubId: number;
  readonly leagueId: number;
  readonly nationId: number;
}

/** How sure the answer is. `optimal`: no cheaper squad exists; otherwise the best sound lower bound. */
export type SolveProof =
  | { readonly kind: 'optimal'; readonly method: string }
  | { readonly kind: 'bounded'; readonly lowerBound: number; readonly gap: number };

export type SolveResult =
  | {
      readonly status: 'solved';
      readonly cost: number;
      /** Coins spent on the market (cards to buy). */
      readonly buyCost: number;
      readonly squad: readonly SquadPick[];
      readonly toBuy: readonly SquadPick[];
      readonly rating: number;
      readonly chemistry: number;
      readonly proof: SolveProof;
      readonly elapsedMs: number;
      /** Work done (work milliseconds): the same for the same input on any machine. */
      readonly workMs: number;
      /** Present when the safety cap, not the work budget, ended the solve. */
      readonly capped?: true;
      /** The stages that ran, in order (per OR part): what the budget was spent on. */
      readonly stages?: readonly string[];
    }
  | {
      /** `infeasible`: proven impossible; `not-found`: no squad found in the time (none proven impossible). */
      readonly status: 'infeasible' | 'not-found';
      readonly reason: string;
      readonly elapsedMs: number;
    };
