import { solveChallenge } from './solve.js';
import type { SolveInput, SolveResult } from './types.js';

type Solved = Extract<SolveResult, { status: 'solved' }>;

/**
 * The first answer's work budget. The unproven chemistry family spends all of it, at 1.2–3.6
 * thread-CPU ms per work ms on a loaded machine: 1,000 made their first answers take 1.2–3.6 s of
 * CPU (400: 0.7–1.9 s). The refinement (1,200, 4,800, 16,000) then improves them; challenges that
 * needed more than 300 to prove (Brazil or Argentina, Four Leagues: 313–473) are proven there.
 */
export const FIRST_WORK_MS = 300;
/** Each later solve gets this many times the previous one's budget, up to the final limit. */
const BUDGET_GROWTH = 4;

const boundOf = (result: Solved) => (result.proof.kind === 'optimal' ? result.cost : result.proof.lowerBound);

/**
 * The best of two answers to one challenge: the cheaper squad (the earlier on a tie, so a squad
 * shown does not change for nothing) with the higher of the two proven bounds; optimal when the
 * squad costs that bound.
 */
export function betterAnswer(known: Solved, next: Solved): Solved {
  const best = next.cost < known.cost ? next : known;
  const bound = Math.max(boundOf(known), boundOf(next));
  const provenBy = [best, known, next].find(
    (result) => result.proof.kind === 'optimal' && result.cost <= bound,
  );
  const proof =
    best.cost <= bound
      ? provenBy?.proof.kind === 'optimal'
        ? provenBy.proof
        : ({ kind: 'optimal', method: 'a longer solve proved the bound' } as const)
      : ({
          kind: 'bounded',
          lowerBound: bound,
          gap: best.cost > 0 ? (best.cost - bound) / best.cost : 0,
        } as const);
  return {
    ...best,
    proof,
    elapsedMs: known.elapsedMs + next.elapsedMs,
    workMs: known.workMs + next.workMs,
  };
}

const sameAnswer = (a: Solved, b: Solved) =>
  a.cost === b.cost &&
  a.proof.kind === b.proof.kind &&
  boundOf(a) === boundOf(b) &&
  a.squad.every((pick, i) => pick.assetId === b.squad[i]?.assetId && pick.slot === b.squad[i]?.slot);

/**
 * The answer as it gets better: first a solve on `firstWorkMs` (about a second), then, while it
 * is unproven, solves on growing budgets (×4 each) up to `finalWorkMs`, each yielding only when
 * the squad got cheaper or the bound rose (a proof included). Every budget is work, so the
 * sequence is the same on any machine; the caller decides how long to keep iterating. The first
 * value is whatever the first solve gave (an unsolved result ends the sequence).
 */
export function* solveAnytime(
  input: SolveInput,
  finalWorkMs: number,
  firstWorkMs = FIRST_WORK_MS,
): Generator<SolveResult> {
  const first = solveChallenge({ ...input, workLimitMs: firstWorkMs });
  yield first;
  if (first.status !== 'solved') return;
  let known = first;
  for (
    let budget = firstWorkMs * BUDGET_GROWTH;
    known.proof.kind !== 'optimal' && budget / BUDGET_GROWTH < finalWorkMs;
    budget *= BUDGET_GROWTH
  ) {
    const next = solveChallenge({
      ...input,
      workLimitMs: Math.min(budget, finalWorkMs),
      startSquad: known.squad,
      startBound: boundOf(known),
    });
    if (next.status !== 'solved') continue;
    const merged = betterAnswer(known, next);
    const changed = !sameAnswer(merged, known);
    known = merged;
    if (changed) yield known;
  }
}
