/** One AND-ed requirement list solved: relaxation, chemistry cores, early exact pass, local search and escalation in turn. */
import type { SbcRequirement } from '@tradedesk/domain';
import { chemistryCores } from './chemistry-construction.js';
import { earlyExactPass } from './early-exact-pass.js';
import { proveOrImprove } from './escalation.js';
import { groupedBoundFirst, groupedRelaxationBound } from './grouped-bound.js';
import { groupSeeds, localSearch, polishAnswer, type SearchAnswer } from './local-search.js';
import { relaxationBound } from './lower-bound.js';
import { milpReady } from './milp.js';
import { improveByNeighbourhoods } from './neighbourhood-search.js';
import { buildProblem, type Candidate, type Problem } from './problem.js';
import {
  EXACT_SEARCH_SHARE,
  MAX_MILP_CARDS_IN_SOLVE,
  type PartOutcome,
  cheapestEligible,
  startCards,
  type StageClock,
  withGreedy,
} from './solve-stages.js';
import type { SolveInput } from './types.js';

const MIN_SEARCH_MS = 150;
/** With the MILP loaded the search only finds a good incumbent: the MILP proves or improves it. */
const SEARCH_SHARE_WITH_MILP = 0.15;
/** Search steps run when the timed search found no squad at all. */
const RESCUE_SEARCH_STEPS = 30_000;
/**
 * The neighbourhood search's share of the time left before the exact methods run again, and the
 * least time left for it to run at all (the first answer's 300 work ms keep their local search).
 * With a team-rating minimum the neighbourhoods are the answer's groups (the rating cut leaves a
 * few hundred cards). With team chemistry alone (Full House, Either Way's chemistry half) they are
 * every group of the pool, cheapest first: drawn from the answer's groups among thousands of
 * cards they found nothing in 40–120 work ms, and that time, taken from the local search after
 * it, moved Full House's answer 1,159 → 1,169; drawn from the cheapest groups, Full House's
 * 1,211 → 1,101 at the 4,800-work-ms refinement in ~130 work ms (the local search met 1,101 only
 * at 19,200).
 */
const NEIGHBOURHOOD_SHARE = 0.5;
const NEIGHBOURHOOD_MIN_MS = 1_000;

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

export function solvePart(
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
  // A bound an earlier solve proved for the whole challenge holds for each of its parts too.
  const firstBound = Math.max(relaxation.bound, input.startBound ?? -Infinity);
  const needsLinks = requirements.some((r) => ['chemistry', 'playerChemistry', 'sameGroup'].includes(r.kind));
  // Chemistry minima: squads planned by group structure (placed exactly, cheapest first) start
  // the searches, and the cheapest eligible one is the first incumbent.
  const coresUntil = now() + Math.max(MIN_CORES_MS, (deadline - now()) * CORES_SHARE);
  const cores = chemistryCores(problem, CHEMISTRY_CORES, coresUntil).map((placement) =>
    problem.openSlots.flatMap((slot) => placement[slot] ?? []),
  );
  // A known squad (an earlier solve's answer) comes first: on a tie it stays the incumbent.
  const known = startCards(problem, input.startSquad);
  const incumbent = cheapestEligible(problem, [...known, ...seeds, ...cores]);
  if (incumbent && incumbent.cost <= firstBound)
    return {
      kind: 'answer',
      problem,
      answer: incumbent,
      bound: firstBound,
      method:
        firstBound > relaxation.bound ? 'an earlier solve proved the bound' : 'rating-profile relaxation',
    };
  const starts = [
    ...known,
    ...(needsLinks ? [...cores, ...groupSeeds(problem, 4), ...seeds.slice(0, 2)] : seeds),
  ];
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
        if ('infeasible' in again) return { bound: firstBound, answer: quick };
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
    firstBound,
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
  // Unproven with time to spare: the exact search around the answer, one group's cards at a time
  // (a cheaper answer also cuts the exact methods' pool below).
  const rated = requirements.some((r) => r.kind === 'teamRating' && r.scope !== 'max');
  const teamChemistryOnly = requirements.every((r) => r.kind === 'chemistry' && r.scope !== 'max');
  if (
    answer &&
    answer.cost > bound &&
    (rated || teamChemistryOnly) &&
    deadline - now() >= NEIGHBOURHOOD_MIN_MS
  ) {
    clock.stages.push('neighbourhood search');
    answer = improveByNeighbourhoods(
      problem,
      answer,
      now() + (deadline - now()) * NEIGHBOURHOOD_SHARE,
      rated ? 'around' : 'cheapest',
    );
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
  // Whatever stage found it, a cheaper card may still replace one of its players.
  if (answer && answer.cost > bound) answer = polishAnswer(problem, answer);
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
