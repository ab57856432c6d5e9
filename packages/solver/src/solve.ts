import { requirementLabel, type SbcRequirement } from '@tradedesk/domain';
import { greedyPlacement } from './baseline.js';
import { hasUniqueAssets, proveOrImprove } from './escalation.js';
import { cheapTierSearch } from './cheap-tier.js';
import { chemistryCores } from './chemistry-construction.js';
import { groupedBoundFirst, groupedRelaxationBound } from './grouped-bound.js';
import { relaxationBound } from './lower-bound.js';
import { groupSeeds, localSearch, type SearchAnswer } from './local-search.js';
import { milpReady } from './milp.js';
import { placeCards, placementCost } from './placement.js';
import { buildProblem, requirementParts, type Candidate, type Problem } from './problem.js';
import { judgePlacement, type Placement } from './squad-check.js';
import type { SolveInput, SolveResult, SquadPick } from './types.js';
import { WorkClock, withWorkClock } from './work-clock.js';

/** The work budget (work milliseconds: about a quiet core's second, see work-clock.ts). */
const DEFAULT_WORK_LIMIT_MS = 1000;
/**
 * The wall-clock cap when none is given: this many times the work budget, at least 10 s. A shared
 * 2-core machine at load 15 ran a 300 ms work budget in 6.5 s of wall time: the cap is for a
 * stuck solve, not for a busy machine.
 */
const WALL_CAP_FACTOR = 30;
const MIN_WALL_CAP_MS = 10_000;
const MIN_SEARCH_MS = 150;
/** With the MILP loaded the search only finds a good incumbent: the MILP proves or improves it. */
const SEARCH_SHARE_WITH_MILP = 0.15;
/**
 * The exact search's share of the exact methods' time when the MILP can follow: the search
 * finishes the chemistry pools of ~100 cards (Four Leagues) that the MILP does not in seconds.
 */
const EXACT_SEARCH_SHARE = 0.75;
/**
 * Cut pools the MILP takes within a solve: it proved the 30–40-card models (Les Bleus, World
 * Tour, Home Grown) in well under a second but not First Links' 121 cards in 20 s, and its
 * presolve ignores the time limit, so bigger pools only overran the budget.
 */
const MAX_MILP_CARDS_IN_SOLVE = 60;
/** Search steps run when the timed search found no squad at all. */
const RESCUE_SEARCH_STEPS = 30_000;
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
/** A quick incumbent above the relaxation's bound by more than this also tries the greedy's. */
const WEAK_INCUMBENT_RATIO = 1.25;
/**
 * The grouped relaxation's share of the time left when it runs right after the quick incumbent
 * ("same group: min X" with a rating minimum): pruned by a squad, its per-group rating floors
 * prove Club Core and Brazil or Argentina in 0.5–1.7 s of CPU, where the exact search on their
 * 2,000–5,000-card cuts does not finish at all.
 */
const GROUPED_FIRST_SHARE = 0.85;

/**
 * Chemistry-planned squads the searches start from, their share of the time left and the least
 * time they get (~60–110 ms of CPU warm on the standard pools; cut short, the plans of one kind
 * are the first left out).
 */
const CHEMISTRY_CORES = 6;
const CORES_SHARE = 0.15;
const MIN_CORES_MS = 60;

/**
 * Where the cheap tier takes the early exact pass's share: chemistry minima only, with one per
 * player. Every player linked favours owned fodder (Everyone Links' optimum is all-owned: 791);
 * a team total is met by floor-price cards too (Full House's best holds three), and there the
 * tier cost the later stages their time (Full House 1,169 → 1,197 at 16,000 work ms).
 */
const cheapTierFirst = (requirements: readonly SbcRequirement[]) =>
  requirements.every((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry') &&
  requirements.some((r) => r.kind === 'playerChemistry');

/** One AND-ed requirement list solved: the best answer found and the proven bound. */
type PartOutcome =
  | {
      readonly kind: 'answer';
      readonly problem: Problem;
      readonly answer: SearchAnswer;
      readonly bound: number;
      readonly method: string;
    }
  | { readonly kind: 'none'; readonly infeasible: boolean; readonly reason: string; readonly bound: number };

/** Drops repeated assets from a relaxation pick and tops it up with the cheapest unused cards. */
function distinctAssets(
  problem: Problem,
  picks: readonly Candidate[],
  cheapest: readonly Candidate[],
): Candidate[] {
  const seen = new Set<number>();
  const kept = picks.filter((c) => !seen.has(c.assetId) && seen.add(c.assetId));
  for (const c of cheapest) {
    if (kept.length >= problem.openSlots.length) break;
    if (!seen.has(c.assetId)) {
      seen.add(c.assetId);
      kept.push(c);
    }
  }
  return kept;
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
interface StageClock {
  readonly now: () => number;
  readonly deadline: number;
  readonly stages: string[];
}

/**
 * The greedy construction's squad when it is cheaper than `found` (so no answer is above it). The
 * one stage of an unproven answer that runs past the deadline: "never above the greedy" is a
 * guarantee, and the greedy takes ~20–200 ms on a 5,000-card pool.
 */
function withGreedy(
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
function earlyExactPass(
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
  const tier = chemistryTier ? cheapTierSearch(problem, quick, exactUntil) : undefined;
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

function solvePart(
  input: SolveInput,
  requirements: readonly SbcRequirement[],
  clock: StageClock,
  seed: number,
): PartOutcome {
  const { deadline, now } = clock;
  // Before the first squad is found a stage may take what it needs (a challenge must not go
  // unanswered because the budget is tiny); once one is, a stage runs only before the deadline.
  const inTime = () => now() < deadline;
  const built = buildProblem(input, requirements);
  if ('infeasible' in built)
    return { kind: 'none', infeasible: true, reason: built.infeasible, bound: Infinity };
  const { problem } = built;
  clock.stages.push('relaxation');
  // With the grouped relaxation run later, pruned by a squad, the plain one comes first (run
  // unbounded the grouped one takes seconds; Club Core's got nowhere within its share).
  const groupedLater = groupedBoundFirst(problem);
  const relaxationUntil = now() + Math.max(20, (deadline - now()) * 0.3);
  const relaxation = groupedLater
    ? relaxationBound(problem, relaxationUntil)
    : groupedRelaxationBound(problem, relaxationUntil);
  if ('infeasible' in relaxation)
    return { kind: 'none', infeasible: true, reason: relaxation.infeasible, bound: Infinity };
  const cheapest = [...problem.candidates].sort((a, b) => a.cost - b.cost).slice(0, 200);
  const seedCards = (picks: readonly (readonly number[])[]) =>
    picks.map((indices) =>
      distinctAssets(
        problem,
        indices.map((index) => problem.candidates[index]).filter((c): c is Candidate => !!c),
        cheapest,
      ),
    );
  const seeds = seedCards(relaxation.seeds);
  const needsLinks = requirements.some((r) => ['chemistry', 'playerChemistry', 'sameGroup'].includes(r.kind));
  // Chemistry minima: squads planned by group structure (placed exactly, cheapest first) start
  // the searches, and the cheapest eligible one is the first incumbent.
  const coresUntil = now() + Math.max(MIN_CORES_MS, (deadline - now()) * CORES_SHARE);
  const cores = chemistryCores(problem, CHEMISTRY_CORES, coresUntil).map((placement) =>
    problem.openSlots.flatMap((slot) => placement[slot] ?? []),
  );
  const incumbent = cheapestEligible(problem, [...seeds, ...cores]);
  if (incumbent && incumbent.cost <= relaxation.bound)
    return {
      kind: 'answer',
      problem,
      answer: incumbent,
      bound: relaxation.bound,
      method: 'rating-profile relaxation',
    };
  const starts = needsLinks ? [...cores, ...groupSeeds(problem, 4), ...seeds.slice(0, 2)] : seeds;
  const useMilp = input.useMilp !== false && milpReady();
  // Exact search first, from a quick incumbent: where it proves the optimum, the timed local
  // search, the greedy and the second relaxation would only have spent the budget.
  // "Same group: min X" with a rating minimum: the grouped relaxation pruned by the quick squad
  // runs before the exact methods, with most of the time (its per-group rating floors prove these
  // pools; the exact search does not). Its relaxed squads are checked: one may be cheaper.
  let relaxedBelow = Infinity;
  const tighten = groupedLater
    ? (quick: SearchAnswer, until: number) => {
        relaxedBelow = quick.cost;
        const again = groupedRelaxationBound(problem, until, quick.cost, relaxation);
        if ('infeasible' in again) return { bound: relaxation.bound, answer: quick };
        return {
          bound: again.bound,
          answer: cheapestEligible(problem, seedCards(again.seeds), quick) ?? quick,
        };
      }
    : undefined;
  const early = earlyExactPass(
    problem,
    starts,
    clock,
    seed,
    incumbent,
    relaxation.bound,
    useMilp,
    cheapTierFirst(requirements),
    tighten,
  );
  if (early.proven) return early.proven;
  const provenBound = early.bound;
  // Without a squad yet the search always gets a short slice, even when the earlier stages used
  // up the budget; with one (the early pass's) it only gets its share of the time left. With the
  // MILP it only needs a good incumbent (a tight cutoff shrinks the MILP's pool).
  const minSearchMs = early.incumbent ? 0 : MIN_SEARCH_MS;
  const searchDeadline = useMilp
    ? now() + Math.max(minSearchMs, (deadline - now()) * SEARCH_SHARE_WITH_MILP)
    : Math.max(deadline, now() + minSearchMs);
  let found = early.incumbent;
  if (!found || inTime()) {
    clock.stages.push('local search');
    found = localSearch(problem, starts, searchDeadline, seed, found, provenBound, input.searchSteps);
  }
  // Without any squad yet there is nothing to prove: the search keeps the whole budget.
  // No squad yet: a fixed amount of search work, whatever the clock says (on a busy machine the
  // budget can pass before the search has done anything).
  if (!found) {
    clock.stages.push('rescue search');
    found = localSearch(
      problem,
      starts,
      deadline,
      seed + 2,
      undefined,
      provenBound,
      input.searchSteps ?? RESCUE_SEARCH_STEPS,
    );
  }
  // The greedy construction (after the search: it can be slow where it fails) keeps the
  // answer never above it; when the early pass ran it, its squad is already in the incumbent.
  if (!early.greedyTried) found = withGreedy(problem, found, clock);
  let answer = found;
  let bound = provenBound;
  let method = early.method;
  if (answer && answer.cost > bound && answer.cost < relaxedBelow && inTime()) {
    // The relaxation again, now pruned by the answer's cost: its search then often finishes
    // exactly where the first pass gave up, and either proves the answer or finds a cheaper
    // relaxed squad (checked: it may be eligible, and then it is optimal).
    // No minimum slice: with a squad in hand it only gets its share of the time left.
    clock.stages.push('second relaxation');
    const again = groupedRelaxationBound(problem, now() + (deadline - now()) * 0.4, answer.cost);
    if (!('infeasible' in again) && again.bound > bound) {
      bound = again.bound;
      answer = cheapestEligible(problem, seedCards(again.seeds), answer) ?? answer;
      method = 'rating-profile relaxation pruned by the answer';
    }
  }
  // The exact methods again (the search on the cut pool, then the MILP), when the squads found
  // since the early pass are cheaper than the one it searched below (else they would only repeat
  // it): they prove the answer or find the optimum when the pool allows; stopped, they still
  // hand over any cheaper squad they met. Like every stage after the first squad, only before
  // the deadline (they no longer get a minimum slice past it).
  const searchedBelow = early.searchedBelow ?? Infinity;
  let exactFinished = false;
  if (answer && answer.cost > bound && answer.cost < searchedBelow && inTime()) {
    clock.stages.push('exact methods again');
    const exact = proveOrImprove(
      problem,
      answer.cost,
      deadline,
      {
        useMilp,
        searchShare: EXACT_SEARCH_SHARE,
        maxMilpCards: MAX_MILP_CARDS_IN_SOLVE,
      },
      bound,
    );
    if (exact.answer && exact.answer.cost < answer.cost) answer = exact.answer;
    if (exact.bound > bound) {
      bound = exact.bound;
      method = exact.method;
    }
    exactFinished = exact.finished;
  }
  // The exact methods did not run, or stopped unfinished (on time or a pool they cannot take):
  // the local search gets the rest of the budget.
  if (answer && answer.cost > bound && !exactFinished && inTime()) {
    clock.stages.push('local search again');
    answer = localSearch(problem, starts, deadline, seed + 1, answer, bound) ?? answer;
  }
  if (!answer)
    return {
      kind: 'none',
      infeasible: bound === Infinity,
      reason:
        bound === Infinity
          ? 'No squad meets every requirement with the pool'
          : 'No squad meeting every requirement was found in the time allowed',
      bound,
    };
  return { kind: 'answer', problem, answer, bound, method };
}

function picksOf(problem: Problem, placement: Placement, perSlot: readonly number[]): SquadPick[] {
  return problem.openSlots.flatMap((slot) => {
    const candidate = placement[slot];
    if (!candidate) return [];
    const { card } = candidate;
    return [
      {
        slot,
        position: problem.positions[slot] ?? '',
        definitionId: candidate.definitionId,
        assetId: candidate.assetId,
        ...(candidate.itemId === undefined ? {} : { itemId: candidate.itemId }),
        source: candidate.source,
        cost: candidate.cost,
        rating: card.rating,
        chemistry: perSlot[slot] ?? 0,
        clubId: card.clubId,
        leagueId: card.leagueId,
        nationId: card.nationId,
      },
    ];
  });
}

/**
 * The cheapest squad for a challenge from the owned cards and the market, with a proof: optimal
 * when the answer costs the proven lower bound, else the bound and the gap. Every answer passes
 * the exact evaluator (the domain's chemistry and rating rules) and holds each asset once.
 * An OR challenge is solved once per requirement; the cheapest part wins and the bound is the
 * smallest part bound.
 */
export function solveChallenge(input: SolveInput): SolveResult {
  const wallStarted = Date.now();
  const workLimit = input.workLimitMs ?? DEFAULT_WORK_LIMIT_MS;
  const wallCap = input.wallLimitMs ?? Math.max(MIN_WALL_CAP_MS, workLimit * WALL_CAP_FACTOR);
  const clock = new WorkClock(wallStarted + wallCap);
  return withWorkClock(clock, () => solveWithClock(input, workLimit, clock, wallStarted));
}

function solveWithClock(
  input: SolveInput,
  workLimit: number,
  clock: WorkClock,
  wallStarted: number,
): SolveResult {
  const now = input.now ?? (() => clock.now());
  const started = now();
  const deadline = started + workLimit;
  const parts = requirementParts(input.challenge);
  const stages: string[] = [];
  const outcomes = parts.map((requirements, index) => {
    const partDeadline = started + ((deadline - started) * (index + 1)) / parts.length;
    return solvePart(input, requirements, { now, deadline: partDeadline, stages }, (input.seed ?? 1) + index);
  });
  const elapsedMs = () => Date.now() - wallStarted;
  const answers = outcomes.filter((o): o is Extract<PartOutcome, { kind: 'answer' }> => o.kind === 'answer');
  const bound = Math.min(...outcomes.map((o) => o.bound));
  const best = answers.sort((a, b) => a.answer.cost - b.answer.cost)[0];
  if (!best) {
    const reasons = outcomes.map((o) => (o.kind === 'none' ? o.reason : ''));
    const proven = outcomes.every((o) => o.kind === 'none' && o.infeasible);
    return {
      status: proven ? 'infeasible' : 'not-found',
      reason: reasons.join('; '),
      elapsedMs: elapsedMs(),
    };
  }
  const { problem, answer } = best;
  const verdict = judgePlacement(problem, answer.placement);
  if (!verdict.eligible || !hasUniqueAssets(answer.placement)) {
    const unmet = verdict.results.filter((r) => !r.met).map((r) => requirementLabel(r.requirement));
    throw new Error(`Solver answer failed the exact check: ${unmet.join(', ') || 'repeated player'}`);
  }
  const squad = picksOf(problem, answer.placement, verdict.chemistry.perSlot);
  const toBuy = squad.filter((pick) => pick.source === 'market');
  const proof =
    answer.cost <= bound
      ? ({ kind: 'optimal', method: best.method } as const)
      : ({
          kind: 'bounded',
          lowerBound: bound,
          gap: answer.cost > 0 ? (answer.cost - bound) / answer.cost : 0,
        } as const);
  return {
    status: 'solved',
    cost: answer.cost,
    buyCost: toBuy.reduce((sum, pick) => sum + pick.cost, 0),
    squad,
    toBuy,
    rating: verdict.rating,
    chemistry: verdict.chemistry.total,
    proof,
    elapsedMs: elapsedMs(),
    workMs: Math.round(clock.work),
    ...(clock.wallCapped ? { wallCapped: true } : {}),
    stages,
  };
}
