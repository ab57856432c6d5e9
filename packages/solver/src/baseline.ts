import { buildProblem, requirementParts, type Candidate, type Problem } from './problem.js';
import { placementCost } from './placement.js';
import { judgePlacement, violation, type Placement } from './squad-check.js';
import type { SolveInput } from './types.js';

const UPGRADE_CHOICES = 40;
const MAX_UPGRADES = 60;

/**
 * The classic greedy the benchmark compares against: the cheapest in-position card per slot,
 * then single-card upgrades (the one that removes the most violation per extra coin) until the
 * squad meets every requirement. AND challenges only (an OR challenge uses its first part).
 * Returns undefined when it gets stuck.
 */
export function greedyBaseline(input: SolveInput): { cost: number } | undefined {
  const built = buildProblem(input, requirementParts(input.challenge)[0] ?? []);
  if ('infeasible' in built) return undefined;
  const placement = greedyPlacement(built.problem);
  return placement && { cost: placementCost(placement) };
}

/**
 * The first `limit` cards of `sorted` whose player is not used: a scan that stops there, where
 * filtering the whole 5,000-card pool per slot and upgrade step was most of the greedy's time.
 */
function firstUnused(sorted: readonly Candidate[], used: ReadonlySet<number>, limit: number): Candidate[] {
  const found: Candidate[] = [];
  for (const c of sorted) {
    if (found.length >= limit) break;
    if (!used.has(c.assetId)) found.push(c);
  }
  return found;
}

/**
 * The greedy construction on a built problem: an eligible placement, or undefined when stuck. It
 * runs to its end (no deadline): the solve's answer is never above it, a target of issue 13.
 */
export function greedyPlacement(problem: Problem): Placement | undefined {
  const sorted = [...problem.candidates].sort((a, b) => a.cost - b.cost);
  const bySlot = new Map(
    problem.openSlots.map((slot) => [slot, sorted.filter((c) => c.positionMask & (1 << slot)).slice(0, 400)]),
  );
  const used = new Set<number>();
  const placement: (Candidate | null)[] = problem.positions.map(() => null);
  for (const slot of problem.openSlots) {
    const pick = [...(bySlot.get(slot) ?? []), ...sorted].find((c) => !used.has(c.assetId));
    if (!pick) return undefined;
    placement[slot] = pick;
    used.add(pick.assetId);
  }
  let current = violation(problem, placement);
  for (let step = 0; step < MAX_UPGRADES && current > 0; step += 1) {
    let bestMove: { slot: number; card: Candidate; value: number; violation: number } | undefined;
    for (const slot of problem.openSlots) {
      const old = placement[slot];
      const options = (bySlot.get(slot) ?? []).filter(
        (c) => !used.has(c.assetId) && c.card.rating > (old?.card.rating ?? 0),
      );
      const upgrades = [...options.slice(0, UPGRADE_CHOICES), ...firstUnused(sorted, used, UPGRADE_CHOICES)];
      for (const card of upgrades) {
        placement[slot] = card;
        const after = violation(problem, placement);
        const extra = Math.max(1, card.cost - (old?.cost ?? 0));
        const value = (current - after) / extra;
        if (after < current && (!bestMove || value > bestMove.value))
          bestMove = { slot, card, value, violation: after };
      }
      placement[slot] = old ?? null;
    }
    if (!bestMove) return undefined;
    const replaced = placement[bestMove.slot];
    if (replaced) used.delete(replaced.assetId);
    placement[bestMove.slot] = bestMove.card;
    used.add(bestMove.card.assetId);
    current = bestMove.violation;
  }
  if (current > 0 || !judgePlacement(problem, placement).eligible) return undefined;
  return placement;
}
