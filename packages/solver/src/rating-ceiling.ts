/** The exact search's rating pruning: the highest and lowest team rating any completion of a node can reach. */
import { ratingScore } from '@tradedesk/domain';
import type { Candidate } from './problem.js';
import type { ScoreWindow } from './score-window.js';

/** Range maximum (or minimum) queries in O(1) over a fixed array (a sparse table). */
function rangeExtreme(values: Int32Array, pick: (a: number, b: number) => number) {
  const levels: Int32Array[] = [values];
  for (let width = 2; width <= values.length; width *= 2) {
    const below = levels[levels.length - 1] as Int32Array;
    const half = width / 2;
    levels.push(
      Int32Array.from({ length: values.length - width + 1 }, (_, i) =>
        pick(below[i] ?? 0, below[i + half] ?? 0),
      ),
    );
  }
  /** The extreme of values[from .. to − 1] (from < to). */
  return (from: number, to: number): number => {
    const level = Math.floor(Math.log2(to - from));
    const row = levels[level] as Int32Array;
    return pick(row[from] ?? 0, row[to - (1 << level)] ?? 0);
  };
}

/**
 * A test of whether a team-rating window can still be met from a node: the score
 * (11·S + Σ max(0, 11·r − S)) never falls when a rating rises, so giving each card still to come
 * the highest (lowest) rating it could have gives the highest (lowest) score any completion has.
 * Of the r cards still to come, the t-th dearest costs at most (budget − the r − t cheapest
 * others) / t, which caps its rating by the best among the cards that cheap. `cards` are sorted
 * by cost, so those are one run j .. end − 1. Undefined when no requirement reads the rating.
 */
export function ratingCeiling(
  cards: readonly Candidate[],
  window: ScoreWindow,
  cheapestOf: (j: number, count: number) => number,
  /** Ratings of players already in the squad outside the search's cards (a fixed card). */
  fixedRatings: readonly number[] = [],
) {
  if (window.min === -Infinity && window.max === Infinity) return undefined;
  const n = cards.length;
  const ratings = Int32Array.from(cards, (c) => c.card.rating);
  const cost = Float64Array.from(cards, (c) => c.cost);
  const highest = rangeExtreme(ratings, Math.max);
  const lowest = rangeExtreme(ratings, Math.min);
  const squad: number[] = [];
  const withChosen = (chosen: Int32Array) => {
    squad.length = 0;
    for (const rating of fixedRatings) squad.push(rating);
    for (const i of chosen) squad.push(ratings[i] ?? 0);
  };
  /** The first card from j on that costs more than `most` (binary search). */
  const endOf = (j: number, most: number) => {
    let low = j;
    let high = n;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cost[middle] ?? Infinity) > most) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  return (chosen: Int32Array, j: number, r: number, budget: number): boolean => {
    withChosen(chosen);
    if (r === 0) {
      const score = ratingScore(squad);
      return score >= window.min && score <= window.max;
    }
    if (window.min !== -Infinity) {
      for (let t = 1; t <= r; t += 1) {
        const end = endOf(j, (budget - cheapestOf(j, r - t)) / t);
        if (end === j) return false;
        squad.push(highest(j, end));
      }
      if (ratingScore(squad) < window.min) return false;
    }
    if (window.max !== Infinity) {
      withChosen(chosen);
      const end = endOf(j, budget - cheapestOf(j, r - 1));
      if (end === j) return false;
      const low = lowest(j, end);
      for (let t = 0; t < r; t += 1) squad.push(low);
      if (ratingScore(squad) > window.max) return false;
    }
    return true;
  };
}
