import {
  evaluateSquad,
  groupIdOf,
  matchesCondition,
  ratingScore,
  type GroupKind,
  type SbcCard,
  type SbcRequirement,
  type SbcSquad,
  type SquadEvaluation,
} from '@tradedesk/domain';
import { fastChemistry } from './fast-chemistry.js';
import type { Placement, Problem } from './problem.js';

export type { Placement };

export function toSquad(problem: Problem, placement: Placement): SbcSquad {
  return {
    positions: problem.positions,
    slots: problem.positions.map((_, slot) => problem.bricks.get(slot) ?? placement[slot]?.card ?? null),
  };
}

/** The exact evaluator (the domain's game rules) on a placement. */
export function judgePlacement(problem: Problem, placement: Placement): SquadEvaluation {
  return evaluateSquad(toSquad(problem, placement), { operation: 'AND', requirements: problem.requirements });
}

/** Smallest rating score that rounds to at least `target`, and the largest that rounds to at most it. */
export const minScoreFor = (target: number) => 121 * target - 5;
export const maxScoreFor = (target: number) => 121 * (target + 1) - 6;

function outside(actual: number, required: number, scope: SbcRequirement['scope']): number {
  if (scope === 'min') return Math.max(0, required - actual);
  if (scope === 'max') return Math.max(0, actual - required);
  return Math.abs(actual - required);
}

function groupSizes(cards: readonly SbcCard[], group: GroupKind): Map<number, number> {
  const sizes = new Map<number, number>();
  for (const card of cards) sizes.set(groupIdOf(card, group), (sizes.get(groupIdOf(card, group)) ?? 0) + 1);
  return sizes;
}

/**
 * How far a placement is from meeting each requirement, summed (0 = all met). Units are roughly
 * "players to change", so the local search can trade violation against cost.
 */
export function violation(problem: Problem, placement: Placement): number {
  const cards = problem.openSlots.map((slot) => placement[slot]?.card).filter((c): c is SbcCard => !!c);
  let total = problem.openSlots.length - cards.length;
  let chemistry: ReturnType<typeof fastChemistry> | undefined;
  const chem = () => (chemistry ??= fastChemistry(problem, placement));
  for (const requirement of problem.requirements) {
    switch (requirement.kind) {
      case 'teamRating': {
        const score = ratingScore(problem.positions.map((_, slot) => placement[slot]?.card.rating ?? 0));
        const { value, scope } = requirement;
        const low = scope === 'max' ? 0 : Math.max(0, minScoreFor(value) - score);
        const high = scope === 'min' ? 0 : Math.max(0, score - maxScoreFor(value));
        total += (low + high) / 11;
        break;
      }
      case 'chemistry':
        total += outside(chem().total, requirement.value, requirement.scope) / 2;
        break;
      case 'playerChemistry':
        for (const slot of problem.openSlots)
          total += Math.max(0, requirement.value - (chem().perSlot[slot] ?? 0));
        break;
      case 'sameGroup': {
        const sizes = [...groupSizes(cards, requirement.group).values()];
        const { value, scope } = requirement;
        if (scope !== 'max') total += Math.max(0, value - Math.max(0, ...sizes));
        if (scope !== 'min') for (const size of sizes) total += Math.max(0, size - value);
        break;
      }
      case 'distinctGroups': {
        const sizes = [...groupSizes(cards, requirement.group).values()].sort((a, b) => b - a);
        const { value, scope } = requirement;
        if (scope !== 'max') total += Math.max(0, value - sizes.length);
        // Too many groups: the players outside the `value` largest groups must change.
        if (scope !== 'min') total += sizes.slice(value).reduce((sum, size) => sum + size, 0);
        break;
      }
      case 'players': {
        const matching = cards.filter((card) =>
          requirement.conditions.every((c) => matchesCondition(card, c)),
        );
        total += outside(matching.length, requirement.count, requirement.scope);
        break;
      }
      case 'quality':
        // Enforced by the pool filter.
        break;
      case 'teamStarRating':
      case 'unsupported':
        total += 100;
        break;
    }
  }
  return total;
}
