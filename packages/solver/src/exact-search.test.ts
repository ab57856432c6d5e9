import {
  HERO_RARITY_ID,
  ICON_RARITY_ID,
  seededRng,
  type ChallengeRequirements,
  type SbcRequirement,
} from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { exactSearch } from './exact-search.js';
import { buildProblem, requirementParts } from './problem.js';
import { judgePlacement } from './squad-check.js';
import {
  and,
  exhaustiveOptimum,
  exhaustivePlacedOptimum,
  randomPool,
  rating,
  SMALL_POOL_CHALLENGES,
} from './test-pools.js';
import type { MarketCard } from './types.js';

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

function search(pool: readonly MarketCard[], challenge: ChallengeRequirements, upperBound: number) {
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  if ('infeasible' in built) return 'infeasible' as const;
  const outcome = exactSearch(built.problem, upperBound, Infinity);
  return outcome && { ...outcome, problem: built.problem };
}

describe('exact search against exhaustive search on small pools', () => {
  for (const [index, challenge] of SMALL_POOL_CHALLENGES.entries()) {
    it(`challenge ${index}: finds the true optimum and proves that nothing is cheaper`, () => {
      for (const seed of [1, 2]) {
        const pool = randomPool(seed * 31 + index, 17);
        const optimum = exhaustiveOptimum(pool, challenge);
        const everything = pool.reduce((sum, card) => sum + card.price, 0) + 1;
        const open = search(pool, challenge, everything);
        if (optimum === Infinity) {
          if (open !== 'infeasible') expect(open?.answer).toBeUndefined();
          continue;
        }
        if (open === 'infeasible' || !open) throw new Error('the search should run on a 17-card pool');
        expect(open).toMatchObject({ finished: true, bound: optimum, answer: { cost: optimum } });
        if (open.answer) expect(judgePlacement(open.problem, open.answer.placement).eligible).toBe(true);
        // Told a squad of the optimum's cost exists, it finds nothing cheaper: the bound is it.
        const closed = search(pool, challenge, optimum);
        expect(closed).toMatchObject({ finished: true, bound: optimum });
        if (closed !== 'infeasible') expect(closed?.answer).toBeUndefined();
      }
    }, 120_000);
  }
});

/**
 * Searched below the sum of every price (any squad is cheaper), the search finishes at the true
 * optimum (or at that sum when no squad exists) and its squad passes the exact evaluator.
 */
function expectSearchFindsOptimum(
  pool: readonly MarketCard[],
  challenge: ChallengeRequirements,
  optimum: number,
) {
  const everything = pool.reduce((sum, card) => sum + card.price, 0) + 1;
  const outcome = search(pool, challenge, everything);
  if (outcome === 'infeasible') {
    expect(optimum).toBe(Infinity);
    return;
  }
  expect(outcome?.finished).toBe(true);
  expect(outcome?.bound).toBe(optimum === Infinity ? everything : optimum);
  if (outcome?.answer) {
    expect(outcome.answer.cost).toBe(optimum);
    expect(judgePlacement(outcome.problem, outcome.answer.placement).eligible).toBe(true);
  }
}

/** Cards that each play one position of the 4-3-3, so where they stand decides the chemistry. */
function onePositionPool(seed: number, size: number): MarketCard[] {
  const random = seededRng(seed);
  const positions = ['GK', 'RB', 'CB', 'LB', 'CM', 'RW', 'ST', 'LW'];
  return randomPool(seed, size).map((card) => ({
    ...card,
    positions: [positions[Math.floor(random() * positions.length)] ?? 'CB'],
  }));
}

describe('exact search when cards play only their own position', () => {
  const challenges = [
    and(chemistry(6)),
    and(chemistry(10), rating(76)),
    and({ kind: 'playerChemistry', scope: 'min', value: 1 }),
    and(chemistry(4), { kind: 'sameGroup', scope: 'max', group: 'league', value: 5 }),
  ];
  for (const [index, challenge] of challenges.entries()) {
    it(`challenge ${index}: the bound equals the optimum over every placement`, () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const pool = onePositionPool(seed * 17 + index, 12);
        expectSearchFindsOptimum(pool, challenge, exhaustivePlacedOptimum(pool, challenge));
      }
    }, 120_000);
  }
});

describe('exact search without chemistry requirements', () => {
  // Icons and heroes only differ in chemistry, so rating and count challenges search their pools
  // too; the rating ceiling (minimum, exact and maximum ratings) is held to exhaustive search.
  const challenges = [
    and(rating(82)),
    and(rating(77, 'exact')),
    and(rating(76, 'max'), {
      kind: 'players',
      scope: 'min',
      count: 3,
      conditions: [{ type: 'rarity', rarityIds: [1] }],
    }),
  ];
  for (const [index, challenge] of challenges.entries()) {
    it(`challenge ${index}: searches a pool with an icon and a hero and finds the true optimum`, () => {
      for (const seed of [1, 2, 3]) {
        const pool = randomPool(seed * 13 + index, 16).map((card, k) => ({
          ...card,
          rarityId: k === 2 ? ICON_RARITY_ID : k === 5 ? HERO_RARITY_ID : card.rarityId,
        }));
        expectSearchFindsOptimum(pool, challenge, exhaustiveOptimum(pool, challenge));
      }
    }, 60_000);
  }
});

/**
 * Owned fodder below a floor price that most market cards sit at, as in the standard pool: asked
 * below a squad just above the optimum, only a few floor cards fit, and the search caps what the
 * groups can still gain from them (and takes the last card by a direct scan).
 */
function fodderAndFloor(seed: number): MarketCard[] {
  const cards = randomPool(seed, 19);
  return cards.map((card, k) => ({ ...card, price: k < 9 ? 60 + ((card.rating * 7 + k * 13) % 50) : 200 }));
}

describe('exact search on fodder and floor-price cards, asked just above the optimum', () => {
  const challenges = [
    and(chemistry(24)),
    and(chemistry(29)),
    and({ kind: 'playerChemistry', scope: 'min', value: 2 }),
  ];
  for (const [index, challenge] of challenges.entries()) {
    it(`challenge ${index}: finds the true optimum, or proves nothing is cheaper than it`, () => {
      let searched = 0;
      for (const seed of [1, 2, 3, 4, 5]) {
        const pool = fodderAndFloor(seed * 7 + index);
        const optimum = exhaustiveOptimum(pool, challenge);
        if (optimum === Infinity) continue;
        for (const above of [1, 150]) {
          const outcome = search(pool, challenge, optimum + above);
          if (outcome === 'infeasible' || !outcome)
            throw new Error('the search should run on a 19-card pool');
          expect(outcome).toMatchObject({ finished: true, bound: optimum, answer: { cost: optimum } });
          if (outcome.answer)
            expect(judgePlacement(outcome.problem, outcome.answer.placement).eligible).toBe(true);
        }
        expect(search(pool, challenge, optimum)).toMatchObject({ finished: true, bound: optimum });
        searched += 1;
      }
      expect(searched).toBeGreaterThan(2);
    }, 120_000);
  }
});

describe('requirement parts', () => {
  it('splits an OR challenge into one part per requirement and keeps an AND challenge whole', () => {
    const or: ChallengeRequirements = { operation: 'OR', requirements: [rating(85), chemistry(25)] };
    expect(requirementParts(or)).toEqual([[rating(85)], [chemistry(25)]]);
    expect(requirementParts(and(rating(85), chemistry(25)))).toEqual([[rating(85), chemistry(25)]]);
    expect(requirementParts({ operation: 'OR', requirements: [rating(85)] })).toEqual([[rating(85)]]);
  });
});
