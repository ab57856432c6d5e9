import { exactSearch } from './exact-search.js';
import { improveWithMilp } from './milp.js';
import { buildProblem, requirementParts } from './problem.js';
import type { SolveInput } from './types.js';

const REFERENCE_SEARCH_CARDS = 3_000;

export interface ReferenceAnswer {
  /** The true optimum when every part finished, else undefined. */
  readonly optimum?: number;
  /** The best proven lower bound (the optimum when finished). */
  readonly bound: number;
  readonly finished: boolean;
}

/**
 * The benchmark's exact reference, asked for a squad cheaper than `upperBound` (a known squad's
 * cost): the exact search on the cut pool for half the time, with up to 3,000 cards, then the
 * full MILP (no card limit) with the time left. Finished and nothing cheaper means `upperBound`
 * is the optimum; finished with a squad means that squad's cost is. An OR challenge takes the
 * cheapest part. Needs `prepareSolver()`.
 */
export function exactReference(input: SolveInput, upperBound: number, seconds: number): ReferenceAnswer {
  const parts = requirementParts(input.challenge);
  let optimum = upperBound;
  let bound = upperBound;
  let finished = true;
  for (const requirements of parts) {
    const built = buildProblem(input, requirements);
    if ('infeasible' in built) continue;
    const started = Date.now();
    const share = (seconds * 1000) / parts.length;
    // Half the time to the search; the MILP gets the rest (it finishes on other shapes).
    const searched = exactSearch(
      built.problem,
      optimum,
      started + share / 2,
      Infinity,
      REFERENCE_SEARCH_CARDS,
    );
    if (searched?.finished && searched.bound !== undefined) {
      optimum = searched.bound;
      bound = Math.min(bound, searched.bound);
      continue;
    }
    if (searched?.answer) optimum = searched.answer.cost;
    const left = Math.max(0.1, (share - (Date.now() - started)) / 1000);
    const outcome = improveWithMilp(built.problem, optimum, left, Infinity);
    if (!outcome) return { bound: -Infinity, finished: false };
    if (outcome.cards) optimum = outcome.cards.reduce((sum, c) => sum + c.cost, 0);
    bound = Math.min(bound, outcome.bound);
    finished &&= outcome.finished;
  }
  return finished ? { optimum, bound: optimum, finished } : { bound, finished };
}
