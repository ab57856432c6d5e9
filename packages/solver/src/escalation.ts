import { exactSearch, MAX_SEARCH_CARDS } from './exact-search.js';
import { searchWithSpecialCard } from './special-split.js';
import { improveWithMilp, MAX_MILP_CARDS, milpReady, reducePool } from './milp.js';
import { eligiblePlacement } from './eligible-placement.js';
import { placementCost } from './placement.js';
import type { Candidate, Problem } from './problem.js';
import type { Placement } from './squad-check.js';
import { workNow } from './work-clock.js';

/** The MILP is not started with less time than this: its presolve alone takes about as long. */
const MIN_MILP_MS = 100;

export interface EscalationLimits {
  /** Cards after the exact cut above which the exact search is not tried. */
  readonly maxSearchCards?: number;
  /** Cards after the exact cut above which the MILP is not tried. */
  readonly maxMilpCards?: number;
  /** Whether the MILP may run at all (it also needs `prepareSolver()`). */
  readonly useMilp?: boolean;
  /** The search's share of the time when the MILP can follow (it gets all of it otherwise). */
  readonly searchShare?: number;
}

export interface EscalationOutcome {
  /** The cheapest eligible squad found below the upper bound. */
  readonly answer?: { readonly placement: Placement; readonly cost: number };
  /** A sound lower bound on every eligible squad (the upper bound itself when none is cheaper). */
  readonly bound: number;
  /** Whether the bound is the optimum (every squad below the upper bound was ruled out or found). */
  readonly finished: boolean;
  readonly method: string;
}

export function hasUniqueAssets(placement: Placement): boolean {
  const assets = placement.filter((c): c is Candidate => !!c).map((c) => c.assetId);
  return new Set(assets).size === assets.length;
}

/**
 * Work ms left below which the icon split is not tried: in a 300-work-ms first answer its rating
 * cuts and searches took the local search's time (Grand Finale's first answer 5,105 → 5,841).
 */
const SPLIT_MIN_MS = 1_000;

/** The exact search, split by its one icon or hero in or out of position where the cut holds one. */
const searchCut = (
  problem: Problem,
  upperBound: number,
  deadline: number,
  maxCards: number,
  giveUpAt = deadline,
) =>
  (deadline - workNow() >= SPLIT_MIN_MS
    ? searchWithSpecialCard(problem, upperBound, deadline, maxCards, giveUpAt)
    : undefined) ?? exactSearch(problem, upperBound, deadline, Infinity, maxCards, giveUpAt);

/** Thresholds between the proven bound and the known squad: the first is this share of the gap. */
const FIRST_THRESHOLD_SHARE = 1 / 8;
/**
 * A threshold's search gets this share of the search time left to find a squad (having found one,
 * it keeps the rest); unfinished without one, the next threshold is half as far above the proven
 * bound. Given all of it, one threshold too far (First Links: 621 →
 * 673, unfinished) spent the whole budget and the bound stayed where it was.
 */
const THRESHOLD_SLICE = 0.5;
/**
 * Gap (share of the squad's cost) within which no threshold is tried: the position-exact search
 * costs about as much below First Links' 672 as below its 683 (25 M against 30 M work units).
 */
const NEAR_GAP = 0.03;

/**
 * Looks for a squad cheaper than `upperBound` (a known squad's cost), or proves there is none,
 * by the two exact methods in turn: the exact search on the cut pool, then the MILP (HiGHS) with
 * the time left. The search gets the whole time when the MILP cannot follow (not loaded, or the
 * cut pool is above its card limit), else `searchShare` of it. Given a proven `lowerBound`, the
 * search first looks below thresholds rising from it (an eighth of the gap, then doubling): below
 * a low threshold the pool is cut harder and the cost floor prunes sooner, so a search there
 * finishes fast (each gets half the search time left; unfinished, the step halves), and either finds the optimum (the cheapest squad below it) or raises the proven
 * bound to it. An unfinished search hands its squad to the MILP as the cutoff, so the MILP only
 * looks below it. A MILP squad is placed and judged by the exact evaluator; one it rejects means
 * the model is wrong, and none of the MILP's claims count.
 */
export function proveOrImprove(
  problem: Problem,
  upperBound: number,
  deadline: number,
  limits: EscalationLimits = {},
  lowerBound = -Infinity,
): EscalationOutcome {
  const maxMilpCards = limits.maxMilpCards ?? MAX_MILP_CARDS;
  const milpCanFollow =
    limits.useMilp !== false &&
    milpReady() &&
    Number.isFinite(upperBound) &&
    reducePool(problem, upperBound).length <= maxMilpCards;
  const started = workNow();
  const searchDeadline = milpCanFollow
    ? started + (deadline - started) * (limits.searchShare ?? 0.5)
    : deadline;
  const maxSearchCards = limits.maxSearchCards ?? MAX_SEARCH_CARDS;
  const searchMethod = 'exact branch and bound on the cut pool';
  let proven = lowerBound;
  let step = Math.max(1, Math.ceil((upperBound - lowerBound) * FIRST_THRESHOLD_SHARE));
  // Within NEAR_GAP of the squad, the search goes below it at once (thresholds cost about as much).
  while (
    Number.isFinite(proven) &&
    proven + step < upperBound &&
    upperBound - proven > upperBound * NEAR_GAP
  ) {
    const sliceEnd = workNow() + (searchDeadline - workNow()) * THRESHOLD_SLICE;
    const below = searchCut(problem, proven + step, searchDeadline, maxSearchCards, sliceEnd);
    if (!below) break;
    if (!below.finished || below.bound === undefined) {
      if (below.answer) return { answer: below.answer, bound: proven, finished: false, method: searchMethod };
      // Too far for its slice: a nearer threshold with the time left.
      if (step === 1 || workNow() >= searchDeadline) break;
      step = Math.ceil(step / 2);
      continue;
    }
    if (below.answer)
      return { answer: below.answer, bound: below.bound, finished: true, method: searchMethod };
    proven = below.bound;
    step *= 2;
  }
  const searched =
    workNow() < searchDeadline || !Number.isFinite(proven)
      ? searchCut(problem, upperBound, searchDeadline, maxSearchCards)
      : undefined;
  const answer = searched?.answer;
  if (searched?.finished && searched.bound !== undefined)
    return { ...(answer ? { answer } : {}), bound: searched.bound, finished: true, method: searchMethod };
  const cutoff = answer?.cost ?? upperBound;
  const unproven = { ...(answer ? { answer } : {}), bound: proven, finished: false, method: searchMethod };
  if (!milpCanFollow) return unproven;
  const seconds = Math.max(MIN_MILP_MS, deadline - workNow()) / 1000;
  const milp = improveWithMilp(problem, cutoff, seconds, maxMilpCards);
  if (!milp) return unproven;
  // The model chose which cards stand in position; any maximum matching may leave out the one
  // whose chemistry the squad needs, so the placement is searched as the exact search's leaves are.
  const improved = milp.cards && eligiblePlacement(problem, milp.cards, () => true);
  // (eligiblePlacement answers only a placement the exact evaluator accepts.)
  if (milp.cards && !(improved && hasUniqueAssets(improved))) return unproven;
  return {
    ...(improved
      ? { answer: { placement: improved, cost: placementCost(improved) } }
      : answer
        ? { answer }
        : {}),
    bound: Math.max(proven, milp.bound),
    finished: milp.finished,
    method: 'MILP (HiGHS) on the reduced pool',
  };
}
