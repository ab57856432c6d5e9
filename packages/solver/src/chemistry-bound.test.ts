import type { ChallengeRequirements, SbcRequirement } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { chemistryBound, chemistryBoundAndCut } from './chemistry-bound.js';
import { buildProblem } from './problem.js';
import {
  and,
  exhaustiveOptimum,
  exhaustivePlacedOptimum,
  onePositionPool,
  randomPool,
  rating,
  SMALL_POOL_CHALLENGES,
} from './test-pools.js';
import type { MarketCard } from './types.js';

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

/**
 * The bound from no squad, from the whole pool's cost and from just above the optimum, and the
 * cut below just above the optimum (it must keep an optimal squad).
 */
function expectNeverAbove(
  pool: readonly MarketCard[],
  challenge: ChallengeRequirements,
  optimum: number,
  placedOptimum: (pool: readonly MarketCard[], challenge: ChallengeRequirements) => number,
) {
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  if ('infeasible' in built) {
    expect(optimum).toBe(Infinity);
    return;
  }
  const everything = pool.reduce((sum, card) => sum + card.price, 0) + 1;
  for (const upperBound of [Infinity, everything, optimum + 1]) {
    if (!Number.isFinite(optimum) && upperBound !== Infinity) continue;
    const bound = chemistryBound(built.problem, upperBound, 300);
    expect(bound).toBeDefined();
    expect(bound ?? Infinity).toBeLessThanOrEqual(optimum);
  }
  if (!Number.isFinite(optimum)) return;
  // The cut below just above the optimum still holds an optimal squad.
  const cut = chemistryBoundAndCut(built.problem, optimum + 1, 300);
  const kept = new Set(cut?.pool.map((c) => c.definitionId));
  expect(
    placedOptimum(
      pool.filter((card) => kept.has(card.definitionId)),
      challenge,
    ),
  ).toBe(optimum);
}

describe('chemistry bound against exhaustive search', () => {
  const chemistryChallenges = SMALL_POOL_CHALLENGES.filter((challenge) =>
    challenge.requirements.some((r) => r.kind === 'chemistry' || r.kind === 'playerChemistry'),
  );
  for (const [index, challenge] of chemistryChallenges.entries()) {
    it(`small-pool chemistry challenge ${index}: never above the optimum`, () => {
      for (const seed of [1, 2, 3]) {
        const pool = randomPool(seed * 41 + index, 16);
        expectNeverAbove(pool, challenge, exhaustiveOptimum(pool, challenge), exhaustiveOptimum);
      }
    }, 120_000);
  }

  // Cards of one position each: the slot prices (a position's slots hold that many players in
  // position) and the matchable counts per group are held to the optimum over every placement.
  const placed = [
    and(chemistry(6)),
    and(chemistry(10), rating(76)),
    and(chemistry(14)),
    and({ kind: 'playerChemistry', scope: 'min', value: 1 }),
  ];
  for (const [index, challenge] of placed.entries()) {
    it(`one-position challenge ${index}: never above the optimum over every placement`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const pool = onePositionPool(seed * 23 + index, 13);
        expectNeverAbove(pool, challenge, exhaustivePlacedOptimum(pool, challenge), exhaustivePlacedOptimum);
      }
    }, 120_000);
  }
});
