/** The solve's entry point: the work clock, one part per OR-ed requirement list, the exact check and the answer with its proof. */
import { requirementLabel } from '@tradedesk/domain';
import { hasUniqueAssets } from './escalation.js';
import { requirementParts, type Problem } from './problem.js';
import { solvePart } from './solve-part.js';
import type { PartOutcome } from './solve-stages.js';
import { judgePlacement, type Placement } from './squad-check.js';
import type { SolveInput, SolveResult, SquadPick } from './types.js';
import { WorkClock, withWorkClock } from './work-clock.js';

/** The work budget (work milliseconds: about a quiet core's second, see work-clock.ts). */
const DEFAULT_WORK_LIMIT_MS = 1000;
/**
 * The safety cap when none is given, in this thread's CPU milliseconds: this many times the work
 * budget, at least 10 s. A quiet core spends 1–2 CPU ms per work ms, so only a stuck solve (or a
 * core 10× slower) reaches it; a busy machine does not, since other threads' time is not counted.
 */
const CAP_FACTOR = 20;
const MIN_CAP_MS = 10_000;

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
  const cap = input.capMs ?? Math.max(MIN_CAP_MS, workLimit * CAP_FACTOR);
  const clock = new WorkClock(cap, input.capClock);
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
    ...(clock.wasCapped ? { capped: true } : {}),
    stages,
  };
}
