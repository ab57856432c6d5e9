/** What a part's stages share: the stage clock, the part's outcome, the exact methods' limits and the fallback squads. */
import { greedyPlacement } from './baseline.js';
import { hasUniqueAssets } from './escalation.js';
import type { SearchAnswer } from './local-search.js';
import { placeCards, placementCost } from './placement.js';
import type { Candidate, Problem } from './problem.js';
import { judgePlacement } from './squad-check.js';
import type { StartPick } from './types.js';

/**
 * The exact search's share of the exact methods' time when the MILP can follow: the search
 * finishes the chemistry pools of ~100 cards (Four Leagues) that the MILP does not in seconds.
 */
export const EXACT_SEARCH_SHARE = 0.75;
/**
 * Cut pools the MILP takes within a solve: it proved the 30–40-card models (Les Bleus, World
 * Tour, Home Grown) in well under a second but not First Links' 121 cards in 20 s, and its
 * presolve ignores the time limit, so bigger pools only overran the budget.
 */
export const MAX_MILP_CARDS_IN_SOLVE = 60;

/** One AND-ed requirement list solved: the best answer found and the proven bound. */
export type PartOutcome =
  | {
      readonly kind: 'answer';
      readonly problem: Problem;
      readonly answer: SearchAnswer;
      readonly bound: number;
      readonly method: string;
    }
  | { readonly kind: 'none'; readonly infeasible: boolean; readonly reason: string; readonly bound: number };

/**
 * A known squad's cards among the problem's candidates (the same asset from the same source and
 * item), when they meet this part's requirements; none when a card is missing (a changed pool)
 * or the squad meets another OR part.
 */
export function startCards(problem: Problem, picks: readonly StartPick[] | undefined): Candidate[][] {
  if (!picks || picks.length !== problem.openSlots.length) return [];
  const cards = picks.map((pick) =>
    problem.candidates.find(
      (c) =>
        c.assetId === pick.assetId &&
        c.source === pick.source &&
        c.definitionId === pick.definitionId &&
        c.itemId === pick.itemId,
    ),
  );
  if (!cards.every((c): c is Candidate => c !== undefined)) return [];
  return cheapestEligible(problem, [cards]) ? [cards] : [];
}

/** The cheapest of the card sets that, placed, makes an eligible squad of distinct players. */
export function cheapestEligible(
  problem: Problem,
  sets: readonly (readonly Candidate[])[],
  than?: SearchAnswer,
) {
  let best = than;
  for (const cards of sets) {
    const placement = placeCards(problem, cards);
    const cost = placementCost(placement);
    if (
      (!best || cost < best.cost) &&
      hasUniqueAssets(placement) &&
      judgePlacement(problem, placement).eligible
    )
      best = { placement, cost };
  }
  return best;
}

/** The clock, the part's deadline and the stages run so far, shared by a part's stages. */
export interface StageClock {
  readonly now: () => number;
  readonly deadline: number;
  readonly stages: string[];
}

/**
 * The greedy construction's squad when it is cheaper than `found` (so no answer is above it). The
 * one stage of an unproven answer that runs past the deadline: "never above the greedy" is a
 * guarantee, and the greedy takes ~20–200 ms on a 5,000-card pool.
 */
export function withGreedy(
  problem: Problem,
  found: SearchAnswer | undefined,
  clock: StageClock,
): SearchAnswer | undefined {
  clock.stages.push('greedy');
  const greedy = greedyPlacement(problem);
  if (!greedy || !hasUniqueAssets(greedy)) return found;
  const cost = placementCost(greedy);
  return !found || cost < found.cost ? { placement: greedy, cost } : found;
}
