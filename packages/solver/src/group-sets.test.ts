import type { ChallengeRequirements } from '@tradedesk/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupSetRelaxation } from './group-sets.js';
import { relaxationBound } from './lower-bound.js';
import { prepareSolver } from './milp.js';
import { placeCards, placementCost } from './placement.js';
import { exactReference } from './reference.js';
import { solveChallenge } from './solve.js';
import { judgePlacement } from './squad-check.js';
import { and, exhaustiveOptimum, randomPool, rating, smallPoolCase } from './test-pools.js';

const exactly = (group: 'club' | 'league' | 'nation', value: number) =>
  ({ kind: 'distinctGroups', group, scope: 'exact', value }) as const;

/**
 * "Exactly k groups" with a rating, on randomPool's 4 nations and 3 leagues: the cheapest cards
 * span every group, so the optimum has to give up cheap cards of the groups it leaves out.
 */
const CHALLENGES: readonly ChallengeRequirements[] = [
  and(exactly('nation', 3), rating(78)),
  and(exactly('nation', 2), rating(77)),
  and(exactly('league', 2), rating(80)),
  and(exactly('league', 1), rating(76)),
  and(exactly('nation', 3), rating(79), {
    kind: 'players',
    scope: 'min',
    count: 3,
    conditions: [{ type: 'rarity', rarityIds: [1] }],
  }),
];

/**
 * Most cards at one rating and the few others dear, so the cheapest squads take ten or eleven
 * players of one rating class (the scan's cut of a class to the squad's size binds).
 */
const narrowPool = (seed: number) =>
  randomPool(seed, 17).map((card, index) =>
    index % 8 === 0 ? { ...card, rating: 84, price: card.price * 4 } : { ...card, rating: 77 },
  );

const cases = [
  ...CHALLENGES.flatMap((challenge, index) =>
    [1, 2, 3, 4].map((seed) => ({
      name: `challenge ${index} seed ${seed}`,
      challenge,
      pool: randomPool(seed * 13 + index, 17),
    })),
  ),
  ...[and(exactly('nation', 3), rating(77)), and(exactly('league', 2), rating(77))].flatMap(
    (challenge, index) =>
      [1, 2, 3].map((seed) => ({
        name: `narrow ratings ${index} seed ${seed}`,
        challenge,
        pool: narrowPool(seed * 7 + index),
      })),
  ),
];

describe('group-set relaxation against exhaustive search on small pools', () => {
  for (const c of cases) {
    it(`${c.name}: from any known squad's cost, the optimum with an eligible squad, never above it`, () => {
      const { optimum, problem } = smallPoolCase(c.pool, c.challenge);
      if (!problem) {
        expect(optimum).toBe(Infinity);
        return;
      }
      const far = Date.now() + 60_000;
      const starts = Number.isFinite(optimum) ? [optimum + 1, optimum + 150, optimum * 2, optimum] : [50_000];
      for (const upperBound of starts) {
        const scanned = groupSetRelaxation(problem, far, upperBound, relaxationBound);
        if (!scanned) throw new Error('the scan should apply and finish');
        // Nothing below the known squad: the bound is that cost (the optimum when it is one).
        expect(scanned.bound, `from ${upperBound}`).toBe(Math.min(optimum, upperBound));
        if (upperBound <= optimum) continue;
        const cards = (scanned.seeds[0] ?? []).map((i) => problem.candidates[i]!);
        const placement = placeCards(problem, cards);
        expect(placementCost(placement)).toBe(optimum);
        expect(judgePlacement(problem, placement).eligible).toBe(true);
      }
    });
  }

  for (const c of cases) {
    it(`${c.name}: the solve proves the optimum`, () => {
      const optimum = exhaustiveOptimum(c.pool, c.challenge);
      const result = solveChallenge({
        challenge: c.challenge,
        formation: 'f433',
        market: c.pool,
        workLimitMs: 1_000,
      });
      if (optimum === Infinity) {
        expect(result.status).not.toBe('solved');
        return;
      }
      expect(result.status === 'solved' && result.cost).toBe(optimum);
      expect(result.status === 'solved' && result.proof.kind).toBe('optimal');
    });
  }
});

describe("the benchmark's exact reference on the group-set pools", () => {
  beforeAll(async () => {
    await prepareSolver();
  }, 60_000);

  for (const c of cases) {
    it(`${c.name}: from a dearer squad or the optimum, the optimum, finished`, () => {
      const optimum = exhaustiveOptimum(c.pool, c.challenge);
      const input = { challenge: c.challenge, formation: 'f433', market: c.pool };
      // No squad at all: nothing below any known cost (the relaxation finds the part infeasible).
      if (!Number.isFinite(optimum))
        return expect(exactReference(input, 50_000, 60)).toEqual({
          optimum: 50_000,
          bound: 50_000,
          finished: true,
        });
      for (const known of [optimum + 150, optimum + 1, optimum])
        expect(exactReference(input, known, 60), `from ${known}`).toEqual({
          optimum,
          bound: optimum,
          finished: true,
        });
    }, 60_000);
  }
});
