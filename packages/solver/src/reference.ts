import { improveWithMilp } from './milp.js';
import { buildProblem } from './problem.js';
import type { SolveInput } from './types.js';

export interface ReferenceAnswer {
  /** The true optimum when HiGHS finished every part, else undefined. */
  readonly optimum?: number;
  /** The best proven lower bound (the optimum when finished). */
  readonly bound: number;
  readonly finished: boolean;
}

/**
 * The benchmark's exact reference: the full MILP (no card limit) on the exactly-cut pool, with a
 * long time limit, asked for a squad cheaper than `upperBound` (a known squad's cost). Finished
 * and infeasible means `upperBound` is the optimum; finished with a squad means that squad's cost
 * is. An OR challenge takes the cheapest part. Needs `prepareSolver()`.
 */
export function exactReference(input: SolveInput, upperBound: number, seconds: number): ReferenceAnswer {
  const { challenge } = input;
  const parts =
    challenge.operation === 'OR' && challenge.requirements.length > 1
      ? challenge.requirements.map((requirement) => [requirement])
      : [challenge.requirements];
  let optimum = upperBound;
  let bound = upperBound;
  let finished = true;
  for (const requirements of parts) {
    const built = buildProblem(input, requirements);
    if ('infeasible' in built) continue;
    const outcome = improveWithMilp(built.problem, optimum, seconds / parts.length, Infinity);
    if (!outcome) return { bound: -Infinity, finished: false };
    if (outcome.cards) optimum = outcome.cards.reduce((sum, c) => sum + c.cost, 0);
    bound = Math.min(bound, outcome.bound);
    finished &&= outcome.finished;
  }
  return finished ? { optimum, bound: optimum, finished } : { bound, finished };
}
