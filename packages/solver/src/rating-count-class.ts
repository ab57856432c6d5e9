import { matchesCondition, type SbcRequirement } from '@tradedesk/domain';
import type { Candidate } from './problem.js';

type CountRequirement = Extract<SbcRequirement, { kind: 'players' }>;

/**
 * A card's class in the relaxations: its rating and which player counts it counts toward. Cards of
 * one class are alike to them but for cost, so they only ever pick a class's cheapest players.
 */
export function ratingCountClass(candidate: Candidate, counted: readonly CountRequirement[]): string {
  const bits = counted.map((r) =>
    r.conditions.every((cond) => matchesCondition(candidate.card, cond)) ? 1 : 0,
  );
  return `${candidate.card.rating}|${bits.join('')}`;
}
