import { ratingScore, seededRng } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { minimumRestSum, RatingFloor } from './rating-floor.js';
import { cheapestRatingProfile } from './rating-profile.js';

const between = (next: () => number, low: number, high: number) =>
  low + Math.floor(next() * (high - low + 1));

/** Every k-subset of 0..n-1. */
function subsets(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...subsets(n - 1, k), ...subsets(n - 1, k - 1).map((s) => [...s, n - 1])];
}

describe('minimum rating sum of the players still to come', () => {
  it('never asks more of the rest than a squad that meets the score has', () => {
    const next = seededRng(7);
    for (let trial = 0; trial < 3_000; trial += 1) {
      const size = between(next, 1, 11);
      const ratings = Array.from({ length: size }, () => between(next, 45, 95));
      const chosenCount = between(next, 0, size - 1);
      const chosen = ratings.slice(0, chosenCount);
      const rest = ratings.slice(chosenCount);
      const score = ratingScore(ratings);
      // A target the squad meets (at or below its score) and the highest rating it has to come.
      const target = score - between(next, 0, 300);
      const needed = minimumRestSum(
        Int32Array.from(chosen),
        chosenCount,
        chosen.reduce((sum, r) => sum + r, 0),
        rest.length,
        Math.max(...rest),
        target,
      );
      expect(needed).toBeLessThanOrEqual(rest.reduce((sum, r) => sum + r, 0));
    }
  });

  it('rules out a rest that cannot reach the score even at the highest rating', () => {
    expect(minimumRestSum(Int32Array.of(60), 1, 60, 10, 60, ratingScore(new Array(11).fill(61)))).toBe(
      Infinity,
    );
    expect(
      minimumRestSum(Int32Array.of(60), 1, 60, 10, 61, ratingScore(new Array(11).fill(61))),
    ).toBeGreaterThan(600);
  });
});

describe('rating-aware completion floor', () => {
  it('is never above the cheapest k items from a position on whose ratings reach the sum', () => {
    const next = seededRng(11);
    for (let trial = 0; trial < 200; trial += 1) {
      const n = between(next, 4, 11);
      const ratings = Array.from({ length: n }, () => between(next, 50, 95));
      const costs = Array.from({ length: n }, (_, i) => 150 + 40 * i + between(next, 0, 5_000));
      // Rows at every other position (and the first), as a search asks only at some.
      const rows = Array.from({ length: n }, (_, i) => i).filter((i) => i % 2 === 0);
      const floor = new RatingFloor(ratings, costs, 5, rows);
      for (let query = 0; query < 10; query += 1) {
        const row = between(next, 0, rows.length - 1);
        const from = rows[row] ?? 0;
        const k = between(next, 1, Math.min(5, n - from));
        const sum = between(next, 50 * k, 95 * k);
        let cheapest = Infinity;
        for (const subset of subsets(n - from, k)) {
          const picked = subset.map((s) => s + from);
          if (picked.reduce((total, i) => total + (ratings[i] ?? 0), 0) < sum) continue;
          cheapest = Math.min(
            cheapest,
            picked.reduce((total, i) => total + (costs[i] ?? 0), 0),
          );
        }
        expect(floor.floor(row, k, sum, Infinity)).toBeLessThanOrEqual(cheapest + 1e-6);
      }
    }
  });
});

describe('rating profile search with the floor', () => {
  it('finds the cheapest set meeting the score, as exhaustive search does', () => {
    const next = seededRng(23);
    for (let trial = 0; trial < 60; trial += 1) {
      const count = between(next, 3, 5);
      const items = Array.from({ length: 13 }, () => {
        const rating = between(next, 55, 92);
        // Dearer with the rating, as on the market, with noise so cheap high ratings exist.
        return { rating, cost: Math.round(200 + (rating - 55) ** 2.2 + between(next, 0, 2_000)) };
      });
      const sets = subsets(items.length, count);
      const scores = sets.map((set) => ratingScore(set.map((i) => items[i]?.rating ?? 0)));
      // A target between the weakest and the strongest set's score.
      const target = Math.min(...scores) + Math.floor(next() * (Math.max(...scores) - Math.min(...scores)));
      let optimum = Infinity;
      sets.forEach((set, s) => {
        if ((scores[s] ?? 0) < target) return;
        optimum = Math.min(
          optimum,
          set.reduce((total, i) => total + (items[i]?.cost ?? 0), 0),
        );
      });
      const found = cheapestRatingProfile(items, count, { min: target, max: Infinity });
      expect(found === null || found === 'aborted' ? Infinity : found.cost).toBe(optimum);
    }
  });
});

describe('rating profile search with counts and players already in', () => {
  it('finds the cheapest set that meets the score and the counts, as exhaustive search does', () => {
    const next = seededRng(31);
    const scopes = ['min', 'max', 'exact'] as const;
    for (let trial = 0; trial < 80; trial += 1) {
      const count = between(next, 2, 5);
      const fixed = Array.from({ length: between(next, 0, 3) }, () => between(next, 60, 90));
      const items = Array.from({ length: 12 }, () => {
        const rating = between(next, 60, 75);
        // Few ratings and round prices: cells hold several items and costs tie.
        return { rating, cost: 100 * between(next, 1, 30), classBits: between(next, 0, 3) };
      });
      const constraints = Array.from({ length: between(next, 1, 2) }, (_, bit) => ({
        bit,
        scope: scopes[between(next, 0, 2)] ?? 'min',
        count: between(next, 0, count),
      }));
      const meets = (set: number[]) =>
        constraints.every(({ bit, scope, count: needed }) => {
          const got = set.filter((i) => ((items[i]?.classBits ?? 0) >> bit) & 1).length;
          return scope === 'min' ? got >= needed : scope === 'max' ? got <= needed : got === needed;
        });
      const sets = subsets(items.length, count);
      const scores = sets.map((set) => ratingScore([...fixed, ...set.map((i) => items[i]?.rating ?? 0)]));
      const target =
        Math.min(...scores) + Math.floor(next() * (Math.max(...scores) - Math.min(...scores) + 1));
      let optimum = Infinity;
      sets.forEach((set, s) => {
        if ((scores[s] ?? 0) < target || !meets(set)) return;
        optimum = Math.min(
          optimum,
          set.reduce((total, i) => total + (items[i]?.cost ?? 0), 0),
        );
      });
      const found = cheapestRatingProfile(
        items,
        count,
        { min: target, max: Infinity },
        Infinity,
        constraints,
        Infinity,
        Infinity,
        fixed,
      );
      expect(found === null || found === 'aborted' ? Infinity : found.cost).toBe(optimum);
      if (found && found !== 'aborted') expect(meets([...found.picks])).toBe(true);
    }
  });
});
