import { exactSearch } from './exact-search.js';
import { floorPriceOf, floorSplitSearch } from './floor-split.js';
import type { SearchAnswer } from './local-search.js';
import { reducePool } from './milp.js';
import { countAssets, type Problem } from './problem.js';

export interface CheapTierOutcome {
  /** The cheapest squad of cards below the market's floor price found under the incumbent. */
  readonly answer?: SearchAnswer;
  /** A sound lower bound on every squad, when the tier was searched to the end. */
  readonly bound?: number;
}

/**
 * The exact search on the cards cheaper than the cheapest market card (owned fodder): the
 * market's floor price is shared by thousands of cards (2,885 of 5,000 in the standard pool), and
 * once they enter the cut the search no longer finishes; below it, a chemistry pool of ~180
 * cards does (Everyone Links: the 791 all-owned squad, proven cheapest of its tier, in 1.3 M
 * nodes). Finished, it also bounds every squad: one of the tier's squads, or one holding a card at
 * the floor price or above, which costs at least that price plus the cheapest cards for the rest.
 * For "every player ≥ m" the tier is searched by `floorSplitSearch` (its own exact search, then
 * one floor-price-or-dearer card at a time where only one fits below the best: then its bound is
 * the optimum). Undefined where the tier is the whole cut pool (the solve's own exact search
 * covers it) or holds too few players.
 */
export function cheapTierSearch(
  problem: Problem,
  incumbent: SearchAnswer,
  deadline: number,
  /** "Every player ≥ m": the deadline once the floor split applies (its finish is the proof). */
  splitDeadline = deadline,
): CheapTierOutcome | undefined {
  const floor = floorPriceOf(problem);
  if (!Number.isFinite(floor)) return undefined;
  const slots = problem.openSlots.length;
  const tier = problem.candidates.filter((c) => c.cost < floor);
  if (countAssets(tier) < slots) return undefined;
  if (reducePool(problem, incumbent.cost).every((c) => c.cost < floor)) return undefined;
  const cheapest = problem.candidates.map((c) => c.cost).sort((a, b) => a - b);
  const withFloorCard = floor + cheapest.slice(0, slots - 1).reduce((sum, cost) => sum + cost, 0);
  // "Every player ≥ m": the tier, then one dear card at a time where only one fits.
  const split = floorSplitSearch(problem, incumbent.cost, deadline, splitDeadline);
  if (split) {
    const answer = split.answer && split.answer.cost < incumbent.cost ? split.answer : undefined;
    if (split.finished && split.bound !== undefined)
      return { ...(answer ? { answer } : {}), bound: split.bound };
    if (!split.tierFinished || split.tierBest === undefined) return answer ? { answer } : {};
    return { ...(answer ? { answer } : {}), bound: Math.min(split.tierBest, withFloorCard) };
  }
  const outcome = exactSearch({ ...problem, candidates: tier }, incumbent.cost, deadline);
  if (!outcome) return undefined;
  const answer = outcome.answer && outcome.answer.cost < incumbent.cost ? outcome.answer : undefined;
  if (!outcome.finished || outcome.bound === undefined) return answer ? { answer } : {};
  return { ...(answer ? { answer } : {}), bound: Math.min(outcome.bound, withFloorCard) };
}
