import { proveOrImprove } from './escalation.js';
import { groupCountApplies } from './group-count.js';
import { groupedBoundFirst, groupedRelaxationBound } from './grouped-bound.js';
import { buildProblem, requirementParts, type Candidate } from './problem.js';
import { cheapestEligible } from './solve-stages.js';
import type { SolveInput } from './types.js';

/**
 * The most cards the reference hands HiGHS: a whole standard pool's cut. Above
 * `MAX_TIGHT_MILP_CARDS` the model takes the lean form, which fits in WebAssembly's memory where
 * the tight one made HiGHS abort (Grand Finale's cut, Full House's).
 */
const REFERENCE_MILP_CARDS = 20_000;
/**
 * The exact search's share of a part's time, at most: the search proves what it proves within a
 * minute; on the chemistry challenges the solve left unproven only the MILP finishes, in minutes.
 */
const REFERENCE_SEARCH_MS = 60_000;

export interface ReferenceAnswer {
  /** The true optimum when every part finished, else undefined. */
  readonly optimum?: number;
  /** The best proven lower bound (the optimum when finished). */
  readonly bound: number;
  readonly finished: boolean;
}

/**
 * The benchmark's exact reference, asked for a squad cheaper than `upperBound` (a known squad's
 * cost): where it applies, first the solve's grouped relaxation (the group-count DP, the "exactly k
 * groups" scan, the per-group floors; its eligible relaxed squads are answers), which alone proves
 * those pools, then the solve's own escalation (`proveOrImprove`: the exact search on the cut
 * pool, then the MILP with the time left) without the search's card limit and with the MILP's
 * raised to `REFERENCE_MILP_CARDS`. Finished and nothing cheaper means `upperBound` is the optimum; finished with a squad means that squad's cost is. An OR challenge takes the
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
    const share = (seconds * 1000) / parts.length;
    const until = Date.now() + share;
    // Where the solve's relaxations prove the pool (group counts, "same group: min X" with a
    // rating), they go first, with half the part's time at most; elsewhere (the chemistry
    // challenges) they only took time from the escalation (First Links' 8 s bound 639–651 → 616–639).
    let relaxedBound = -Infinity;
    if (groupedBoundFirst(built.problem) || groupCountApplies(built.problem)) {
      const relaxed = groupedRelaxationBound(built.problem, Date.now() + share / 2, optimum);
      if ('infeasible' in relaxed) continue;
      // Its relaxed squads, where full and eligible, are answers (a relaxed squad may repeat a
      // player, owned and listed: the solve's check takes distinct players only).
      const squads = relaxed.seeds
        .map((picks) => picks.map((i) => built.problem.candidates[i]).filter((c): c is Candidate => !!c))
        .filter((cards) => cards.length === built.problem.openSlots.length);
      optimum = Math.min(optimum, cheapestEligible(built.problem, squads)?.cost ?? Infinity);
      if (relaxed.bound >= optimum) {
        bound = Math.min(bound, optimum);
        continue;
      }
      relaxedBound = relaxed.bound;
    }
    const outcome = proveOrImprove(built.problem, optimum, until, {
      maxSearchCards: Infinity,
      maxMilpCards: REFERENCE_MILP_CARDS,
      searchShare: Math.min(0.5, REFERENCE_SEARCH_MS / share),
    });
    if (outcome.answer) optimum = outcome.answer.cost;
    bound = Math.min(bound, Math.max(relaxedBound, outcome.bound));
    finished &&= outcome.finished;
  }
  return finished ? { optimum, bound: optimum, finished } : { bound, finished };
}
