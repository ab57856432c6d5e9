import { proveOrImprove } from './escalation.js';
import { buildProblem, requirementParts } from './problem.js';
import type { SolveInput } from './types.js';

export interface ReferenceAnswer {
  /** The true optimum when every part finished, else undefined. */
  readonly optimum?: number;
  /** The best proven lower bound (the optimum when finished). */
  readonly bound: number;
  readonly finished: boolean;
}

/**
 * The benchmark's exact reference, asked for a squad cheaper than `upperBound` (a known squad's
 * cost): the solve's own escalation (`proveOrImprove`: the exact search on the cut pool, then the
 * MILP with the time left) without its card limits. Finished and nothing cheaper means
 * `upperBound` is the optimum; finished with a squad means that squad's cost is. An OR challenge
 * takes the cheapest part. Needs `prepareSolver()`.
 */
export function exactReference(input: SolveInput, upperBound: number, seconds: number): ReferenceAnswer {
  const parts = requirementParts(input.challenge);
  let optimum = upperBound;
  let bound = upperBound;
  let finished = true;
  for (const requirements of parts) {
    const built = buildProblem(input, requirements);
    if ('infeasible' in built) continue;
    const share = (seconds * 1000) / parts.length;
    const outcome = proveOrImprove(built.problem, optimum, Date.now() + share, {
      maxSearchCards: Infinity,
      maxMilpCards: Infinity,
    });
    if (outcome.answer) optimum = outcome.answer.cost;
    bound = Math.min(bound, outcome.bound);
    finished &&= outcome.finished;
  }
  return finished ? { optimum, bound: optimum, finished } : { bound, finished };
}
