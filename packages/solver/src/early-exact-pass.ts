/** The early exact pass: a quick incumbent, then the grouped relaxation, the cheap tier or the exact methods on a share of the budget. */
import { cheapTierSearch } from './cheap-tier.js';
import { proveOrImprove } from './escalation.js';
import { localSearch, type SearchAnswer } from './local-search.js';
import type { Candidate, Problem } from './problem.js';
import {
  EXACT_SEARCH_SHARE,
  MAX_MILP_CARDS_IN_SOLVE,
  type PartOutcome,
  type StageClock,
  withGreedy,
} from './solve-stages.js';

/**
 * Search steps for the quick incumbent the early exact pass starts from (a fixed amount of work,
 * 10–120 ms, so a busy machine gets the same squad; the timed search took at least 150 ms before
 * the exact methods began).
 */
const QUICK_INCUMBENT_STEPS = 4_000;
/**
 * The early exact pass's share of the time left: the challenges the exact search proves, it
 * proves from the quick incumbent in a fraction of this; the others keep the rest for the local
 * search, the greedy and, when those found a cheaper squad, the escalation again from the bound
 * this pass raised.
 */
const EARLY_EXACT_SHARE = 0.7;
/**
 * The cheap tier's share of the time left ("every player ≥ m") once it found a squad below which
 * the floor split covers every squad (its finish is then the proof): Everyone Links is proven at
 * the 4,800-work-ms refinement (3,942 work ms below 903), where at 0.7 it stopped short. Before
 * that it keeps the early pass's share: given 0.9 throughout, pool 2's first answer went 920 → 937
 * (the later stages lost the time).
 */
const SPLIT_SHARE = 0.9;
/** A quick incumbent above the relaxation's bound by more than this also tries the greedy's. */
const WEAK_INCUMBENT_RATIO = 1.25;
/**
 * The grouped relaxation's share of the time left when it runs right after the quick incumbent
 * ("same group: min X" with a rating minimum): pruned by a squad, its per-group rating floors
 * prove Club Core and Brazil or Argentina in 0.5–1.7 s of CPU, where the exact search on their
 * 2,000–5,000-card cuts does not finish at all.
 */
const GROUPED_FIRST_SHARE = 0.85;
/** What the early exact pass left: the optimum, or a raised bound and the best squad so far. */
interface EarlyPass {
  readonly proven?: Extract<PartOutcome, { kind: 'answer' }>;
  readonly bound: number;
  readonly incumbent?: SearchAnswer;
  /** The cost the exact methods looked below (the quick incumbent's), when they ran. */
  readonly searchedBelow?: number;
  /** Whether the greedy already ran (its squad, if any, is in `incumbent` when cheaper). */
  readonly greedyTried: boolean;
  readonly method: string;
}

/**
 * The exact methods (`proveOrImprove`: the search, then the MILP) on a share of the budget, from
 * a squad found by a fixed number of local-search steps and the relaxation's bound. Finished,
 * that is the optimum; else the bound they raised (the search's thresholds) and any cheaper squad
 * they met carry over to the later stages.
 */
export function earlyExactPass(
  problem: Problem,
  starts: readonly (readonly Candidate[])[],
  clock: StageClock,
  seed: number,
  incumbent: SearchAnswer | undefined,
  relaxationBound: number,
  useMilp: boolean,
  chemistryTier: boolean,
  tighten?: (quick: SearchAnswer, deadline: number) => { bound: number; answer: SearchAnswer },
): EarlyPass {
  const { deadline, now } = clock;
  const relaxationMethod = 'local search matched the relaxation bound';
  clock.stages.push('quick incumbent');
  const searched = localSearch(
    problem,
    starts,
    deadline,
    seed + 3,
    incumbent,
    relaxationBound,
    QUICK_INCUMBENT_STEPS,
  );
  // A squad far above the bound makes the exact search's last cut wide: the greedy's squad
  // (20–60 ms) is then worth trying as the incumbent. Before the grouped relaxation it waits:
  // that proves Club Core without it (its greedy takes 150–300 ms and finds nothing).
  let greedyTried = !searched || (!tighten && searched.cost > relaxationBound * WEAK_INCUMBENT_RATIO);
  const first = greedyTried ? withGreedy(problem, searched, clock) : searched;
  if (!first) return { bound: relaxationBound, method: relaxationMethod, greedyTried };
  let quick = first;
  let lower = relaxationBound;
  let lowerMethod = relaxationMethod;
  if (tighten && first.cost > lower && now() < deadline) {
    clock.stages.push('grouped relaxation');
    const tightened = tighten(first, now() + (deadline - now()) * GROUPED_FIRST_SHARE);
    quick = tightened.answer;
    if (tightened.bound > lower) {
      lower = tightened.bound;
      lowerMethod = 'rating-profile relaxation pruned by the answer';
    }
    // Unproven: the greedy now, within the budget (at the end it would run past the deadline).
    if (quick.cost > lower) {
      quick = withGreedy(problem, quick, clock) ?? quick;
      greedyTried = true;
    }
  }
  if (quick.cost <= lower)
    return {
      proven: { kind: 'answer', problem, answer: quick, bound: lower, method: lowerMethod },
      bound: lower,
      method: lowerMethod,
      greedyTried,
    };
  // Past the deadline with a squad: the exact methods (whose MILP takes a minimum slice) are
  // skipped, and the quick squad stands with the relaxation's bound.
  if (now() >= deadline) return { bound: lower, incumbent: quick, greedyTried, method: lowerMethod };
  const exactUntil = now() + Math.max(0, deadline - now()) * EARLY_EXACT_SHARE;
  // Chemistry: where thousands of floor-price market cards fill the cut pool the exact search
  // does not finish there; it does on the owned fodder below that price (the cheap tier).
  const splitUntil = now() + Math.max(0, deadline - now()) * SPLIT_SHARE;
  const tier = chemistryTier ? cheapTierSearch(problem, quick, exactUntil, splitUntil) : undefined;
  if (tier) {
    clock.stages.push('cheap tier');
    const best = tier.answer ?? quick;
    const bound = Math.max(lower, tier.bound ?? lower);
    const method = bound > lower ? 'exact search on the cheap tier' : lowerMethod;
    if (best.cost <= bound)
      return { proven: { kind: 'answer', problem, answer: best, bound, method }, bound, method, greedyTried };
    return { bound, incumbent: best, searchedBelow: quick.cost, greedyTried, method };
  }
  clock.stages.push('exact methods');
  const exact = proveOrImprove(
    problem,
    quick.cost,
    exactUntil,
    { useMilp, searchShare: EXACT_SEARCH_SHARE, maxMilpCards: MAX_MILP_CARDS_IN_SOLVE },
    lower,
  );
  const best = exact.answer && exact.answer.cost < quick.cost ? exact.answer : quick;
  if (exact.finished)
    return {
      proven: { kind: 'answer', problem, answer: best, bound: exact.bound, method: exact.method },
      bound: exact.bound,
      method: exact.method,
      greedyTried,
    };
  const raised = exact.bound > lower;
  return {
    bound: Math.max(lower, exact.bound),
    incumbent: best,
    searchedBelow: quick.cost,
    greedyTried,
    method: raised ? exact.method : lowerMethod,
  };
}
