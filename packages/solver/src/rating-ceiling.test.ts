import { ratingScore, seededRng, type ChallengeRequirements, type SbcRequirement } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { exactSearch } from './exact-search.js';
import { buildProblem } from './problem.js';
import type { Candidate } from './problem.js';
import { ratingCeiling, RatingSumTable } from './rating-ceiling.js';
import { and, exhaustiveOptimum, randomPool, rating } from './test-pools.js';
import type { MarketCard } from './types.js';

/** The least cost of t of the cards from j on whose ratings sum to at least `sum`, by trying every subset. */
function cheapestByEnumeration(ratings: number[], cost: number[], j: number, t: number, sum: number) {
  let best = Infinity;
  const visit = (i: number, left: number, ratingSum: number, spent: number): void => {
    if (left === 0) {
      if (ratingSum >= sum) best = Math.min(best, spent);
      return;
    }
    if (i >= ratings.length) return;
    visit(i + 1, left - 1, ratingSum + (ratings[i] ?? 0), spent + (cost[i] ?? 0));
    visit(i + 1, left, ratingSum, spent);
  };
  visit(j, t, 0, 0);
  return best;
}

describe('rating-sum table', () => {
  it('gives the least cost of t cards from each card on with ratings summing to at least s', () => {
    for (const seed of [1, 2, 3]) {
      const random = seededRng(seed);
      const ratings = Array.from({ length: 9 }, () => 60 + Math.floor(random() * 30));
      const cost = Array.from({ length: 9 }, () => 100 + Math.floor(random() * 900)).sort((a, b) => a - b);
      const table = new RatingSumTable(Int32Array.from(ratings), Float64Array.from(cost), 4);
      expect(table.most).toBe(4);
      for (let j = 0; j <= ratings.length; j += 1)
        for (let t = 0; t <= 4; t += 1)
          for (let sum = 0; sum <= 4 * 90; sum += 7)
            expect(table.cheapest(j, t, sum)).toBe(cheapestByEnumeration(ratings, cost, j, t, sum));
    }
  });
});

/**
 * Rated pools with a wide spread of ratings and prices, where the cheapest squads mix cheap
 * low-rated cards with dear high-rated ones (as Grand Finale's do): the rating-sum test decides
 * most nodes there.
 */
function spreadPool(seed: number): MarketCard[] {
  const random = seededRng(seed);
  return randomPool(seed, 17).map((card, index) => {
    const value = 60 + Math.floor(random() * 32);
    return {
      ...card,
      definitionId: 5000 + index,
      assetId: 5000 + index,
      rating: value,
      price: Math.round(150 + Math.pow(1.35, value - 60) * (20 + random() * 40)),
    };
  });
}

const chemistry = (value: number): SbcRequirement => ({ kind: 'chemistry', scope: 'min', value });

function search(pool: readonly MarketCard[], challenge: ChallengeRequirements, upperBound: number) {
  const built = buildProblem({ challenge, formation: 'f433', market: pool }, challenge.requirements);
  if ('infeasible' in built) throw new Error(built.infeasible);
  const outcome = exactSearch(built.problem, upperBound, Infinity);
  if (!outcome) throw new Error('the search should run on a 17-card pool');
  return outcome;
}

describe('exact search with the rating-sum test, asked just above the optimum', () => {
  const challenges = [and(rating(77)), and(rating(80)), and(rating(79), chemistry(12))];
  for (const [index, challenge] of challenges.entries()) {
    it(`challenge ${index}: finds the true optimum, and proves nothing is cheaper than it`, () => {
      let searched = 0;
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
        const pool = spreadPool(seed * 13 + index);
        const optimum = exhaustiveOptimum(pool, challenge);
        if (optimum === Infinity) continue;
        for (const above of [1, 40])
          expect(search(pool, challenge, optimum + above)).toMatchObject({
            finished: true,
            bound: optimum,
            answer: { cost: optimum },
          });
        expect(search(pool, challenge, optimum)).toMatchObject({ finished: true, bound: optimum });
        searched += 1;
      }
      expect(searched).toBeGreaterThan(3);
    }, 120_000);
  }
});

/** The cheapest r cards from `from` on that, beside `chosen` (ratings), reach the score `min`. */
function cheapestCompletion(
  ratings: number[],
  cost: number[],
  chosen: number[],
  from: number,
  r: number,
  min: number,
) {
  let best = Infinity;
  for (let k = from; k < ratings.length; k += 1)
    best = Math.min(best, cheapestWith(ratings, cost, chosen, k, r, min));
  return best;
}

/** The cheapest completion beside `chosen` (ratings) that takes card k next. */
function cheapestWith(
  ratings: number[],
  cost: number[],
  chosen: number[],
  k: number,
  r: number,
  min: number,
) {
  let best = Infinity;
  const visit = (i: number, left: number, picked: number[], spent: number): void => {
    if (spent >= best) return;
    if (left === 0) {
      if (ratingScore([...chosen, ...picked.map((c) => ratings[c] ?? 0)]) >= min) best = spent;
      return;
    }
    for (let next = i; next < ratings.length; next += 1)
      visit(next + 1, left - 1, [...picked, next], spent + (cost[next] ?? 0));
  };
  visit(k + 1, r - 1, [k], cost[k] ?? 0);
  return best;
}

describe('cards passed over as the next one taken', () => {
  it('have no completion that reaches the rating within the budget, along a whole run of skips', () => {
    let passedOver = 0;
    let completable = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const random = seededRng(seed);
      const size = 15;
      const cost = Array.from({ length: size }, () => 50 + Math.floor(random() * 950)).sort((a, b) => a - b);
      const ratings = cost.map((c) => Math.min(95, 60 + Math.floor(c / 35) + Math.floor(random() * 13) - 6));
      const cards = ratings.map((rating, i) => ({ card: { rating }, cost: cost[i] }) as unknown as Candidate);
      const cheapestOf = (j: number, count: number) => {
        const run = cost.slice(j, j + count);
        return run.length < count ? Infinity : run.reduce((a, b) => a + b, 0);
      };
      for (const chosenCount of [7, 8, 9]) {
        // Beside a cheap run, one dear card already in the squad (as the icon split fixes one).
        const fixed = 85 + Math.floor(random() * 8);
        const run = Array.from({ length: chosenCount - 1 }, (_, i) => i);
        const chosen = [fixed, ...run.map((i) => ratings[i] ?? 0)];
        const from = chosenCount - 1;
        const r = 11 - chosenCount;
        for (const target of [68, 70, 72, 74, 76]) {
          const min = 121 * target - 5;
          const optimum = cheapestCompletion(ratings, cost, chosen, from, r, min);
          if (optimum === Infinity) continue;
          const rating = ratingCeiling(cards, { min, max: Infinity }, cheapestOf, [fixed]);
          if (!rating) throw new Error('a rating minimum gives a test');
          for (const slack of [1, 60]) {
            const budget = optimum + slack - 0.5;
            const buffer = new Int32Array(12);
            buffer.set(run);
            rating.newChosenSet(run.length);
            // The run of skips the search makes: after each card taken, on from the next one.
            for (let j = from; j < size;) {
              const next = rating.nextTakable(buffer, run.length, j, r, budget);
              for (let k = j; k < Math.min(next, size); k += 1) {
                expect(cheapestWith(ratings, cost, chosen, k, r, min)).toBeGreaterThan(budget);
                passedOver += 1;
              }
              if (next < size && cheapestWith(ratings, cost, chosen, next, r, min) <= budget)
                completable += 1;
              j = next + 1;
            }
          }
        }
      }
    }
    expect(passedOver).toBeGreaterThan(50);
    expect(completable).toBeGreaterThan(20);
  });
});
