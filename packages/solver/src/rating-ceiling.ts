/** The exact search's rating pruning: the highest and lowest team rating any completion of a node can reach. */
import { ratingScore, SQUAD_SIZE } from '@tradedesk/domain';
import type { Candidate } from './problem.js';
import type { ScoreWindow } from './score-window.js';
import { chargeWork, WORK_MS } from './work-clock.js';

/** Table cells built per unit of search work (as the search's suffix counts). */
const TABLE_CELLS_PER_WORK = 8;
/**
 * Work units charged per rating test and per rating-sum bisection (its binary searches, scores
 * and table reads: ~1–2 µs of CPU at load ~10, against ~0.5 µs per unit of the rest).
 */
const RATING_TEST_WORK = 3;
const SUM_TEST_WORK = 2;

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

/** Table cells at most (8 bytes each): the rating-sum table covers as many cards to come as fit. */
const RATING_SUM_CELLS = 2_000_000;
/**
 * The table is built only where it covers at least this many cards to come: on cuts of thousands
 * (Brazil or Argentina's) it covers 2–3, the per-card caps decide those nodes about as well, and
 * its ~1.7 M cells took 62 work ms of each 300-work-ms first answer's exact pass.
 */
const MIN_TABLE_CARDS = 4;

/** How many cards to come a table over n cards rated at most `top` covers within the cell limit. */
function tableCardsFor(n: number, top: number, slots: number): number {
  let most = Math.min(slots, n);
  while (most > 0 && (n + 1) * (most + 1) * (most * top + 1) > RATING_SUM_CELLS) most -= 1;
  return most;
}

/**
 * The least cost of t cards from card j on whose ratings sum to at least s, for t up to `most`
 * (a knapsack over the suffixes; one card's versions may both count, so it is a floor). Costs
 * sorted or not, it is exact for that relaxation.
 */
export class RatingSumTable {
  private readonly table: Float64Array;
  private readonly width: number;
  readonly most: number;
  readonly cells: number;

  constructor(ratings: Int32Array, cost: Float64Array, slots: number) {
    const n = ratings.length;
    const top = Math.max(0, ...ratings);
    const most = tableCardsFor(n, top, slots);
    this.most = most;
    this.width = most * top + 1;
    const rowSize = (most + 1) * this.width;
    this.cells = (n + 1) * rowSize;
    const table = new Float64Array(this.cells).fill(Infinity);
    // Row n (no cards left): only zero cards, summing to zero or less.
    table[n * rowSize] = 0;
    for (let j = n - 1; j >= 0; j -= 1) {
      const here = j * rowSize;
      const next = here + rowSize;
      const rating = ratings[j] ?? 0;
      const price = cost[j] ?? 0;
      table[here] = 0;
      for (let t = 1; t <= most; t += 1)
        for (let sum = 0; sum < this.width; sum += 1) {
          const skip = table[next + t * this.width + sum] ?? Infinity;
          const take = price + (table[next + (t - 1) * this.width + Math.max(0, sum - rating)] ?? Infinity);
          table[here + t * this.width + sum] = Math.min(skip, take);
        }
    }
    this.table = table;
  }

  /** The least cost of t cards from j on with ratings summing to at least `sum` (t ≤ `most`). */
  cheapest(j: number, t: number, sum: number): number {
    if (sum >= this.width) return Infinity;
    return this.table[(j * (this.most + 1) + t) * this.width + Math.max(0, sum)] ?? Infinity;
  }
}

/**
 * The highest score a squad can have whose other players rate `others` (summing to `otherSum`)
 * and whose players to come sum to `sum`, the k best of them at most the k largest `caps` (in
 * decreasing order). With the sum fixed the score is convex in the ratings, so it peaks at the
 * most spread vector: the caps filled in order (it majorizes every other). It rises by at least
 * 1 with each point of `sum` (of the 11 terms above the average at most 10 fall, by 1 each,
 * while 11·S rises by 11).
 */
function highestScore(
  others: readonly number[],
  otherSum: number,
  sum: number,
  caps: readonly number[],
): number {
  const total = otherSum + sum;
  let score = SQUAD_SIZE * total;
  for (const rating of others) score += Math.max(0, SQUAD_SIZE * rating - total);
  let left = sum;
  for (const cap of caps) {
    const rating = Math.min(cap, left);
    score += Math.max(0, SQUAD_SIZE * rating - total);
    left -= rating;
  }
  return score;
}

/**
 * A test of whether a team-rating window can still be met from a node: the score
 * (11·S + Σ max(0, 11·r − S)) never falls when a rating rises, so giving each card still to come
 * the highest (lowest) rating it could have gives the highest (lowest) score any completion has.
 * Of the r cards still to come, the t-th dearest costs at most (budget − the r − t cheapest
 * others) / t, which caps its rating by the best among the cards that cheap. `cards` are sorted
 * by cost, so those are one run j .. end − 1. Where r cards to come fit the rating-sum table,
 * they must also bring the least rating sum whose highest score reaches the minimum, at its
 * cheapest (`within`), and the next card taken must leave the rest of that sum affordable
 * (`firstTakable`). Undefined when no requirement reads the rating.
 */
export function ratingCeiling(
  cards: readonly Candidate[],
  window: ScoreWindow,
  cheapestOf: (j: number, count: number) => number,
  /** Ratings of players already in the squad outside the search's cards (a fixed card). */
  fixedRatings: readonly number[] = [],
  /** Cards the search chooses (the table covers up to this many to come). */
  slots = SQUAD_SIZE,
) {
  if (window.min === -Infinity && window.max === Infinity) return undefined;
  const n = cards.length;
  const ratings = Int32Array.from(cards, (c) => c.card.rating);
  const cost = Float64Array.from(cards, (c) => c.cost);
  const highest = rangeExtreme(ratings, Math.max);
  const lowest = rangeExtreme(ratings, Math.min);
  const tabled =
    window.min !== -Infinity && tableCardsFor(n, Math.max(0, ...ratings), slots) >= MIN_TABLE_CARDS;
  const sums = tabled ? new RatingSumTable(ratings, cost, slots) : undefined;
  if (sums) chargeWork((sums.cells / TABLE_CELLS_PER_WORK) * WORK_MS.exactSearchWork);
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
  /**
   * Fills `caps` for r cards from j on within `budget`: of the r cards to come, the t-th dearest
   * costs at most (budget − the r − t cheapest others) / t, so its rating is at most the best
   * among the cards that cheap. False when one of them cannot be afforded at all.
   */
  const caps: number[] = [];
  const fillCaps = (j: number, r: number, budget: number): boolean => {
    caps.length = 0;
    for (let t = 1; t <= r; t += 1) {
      const end = endOf(j, (budget - cheapestOf(j, r - t)) / t);
      if (end === j) return false;
      caps.push(highest(j, end));
    }
    return true;
  };
  /**
   * The least rating sum the cards to come must bring for the window's minimum beside the chosen
   * ones (`squad` holds them, `caps` the cards to come): the least sum whose highest score reaches
   * the minimum, by bisection (the score rises with the sum); Infinity when none does.
   */
  const leastSum = (): number => {
    caps.sort((a, b) => b - a);
    let otherSum = 0;
    for (const rating of squad) otherSum += rating;
    let low = 0;
    let high = caps.reduce((total, cap) => total + cap, 0);
    if (highestScore(squad, otherSum, high, caps) < window.min) return Infinity;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (highestScore(squad, otherSum, middle, caps) >= window.min) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  /** `leastSum` for r cards from j on within `budget` beside `chosen`. */
  const neededSum = (chosen: Int32Array, j: number, r: number, budget: number): number => {
    if (!fillCaps(j, r, budget)) return Infinity;
    withChosen(chosen);
    return leastSum();
  };
  /**
   * The first card from j on that can be the next one taken as far as rating goes (n when none):
   * beside it, r − 1 cards after it within the budget must bring the rest of the sum the r need
   * (the sum is the one for r affordable cards from j on, whose caps bound this card's too).
   * Cards before it cannot be taken: every completion holding one falls short of the minimum.
   */
  const firstTakable = (
    chosen: Int32Array,
    j: number,
    r: number,
    budget: number,
    /** Cards rated at most this are passed over (a cheaper card rated as high failed). */
    ruledOut = -Infinity,
  ): number => {
    if (!sums || r > sums.most || r < 1) return j;
    const needed = neededSum(chosen, j, r, budget);
    if (needed === Infinity) return n;
    let k = j;
    for (; k < n; k += 1) {
      const rating = ratings[k] ?? 0;
      if (rating > ruledOut && (cost[k] ?? 0) + sums.cheapest(k + 1, r - 1, needed - rating) <= budget) break;
    }
    work += SUM_TEST_WORK + (k - j) / 4;
    return k;
  };
  let work = 0;
  /** Work units done since the last call (the search adds them to its count). */
  const takeWork = () => {
    const done = work;
    work = 0;
    return done;
  };
  /** Whether a completion can reach the window's minimum (monotone: a higher rating or a cheaper card never fails it). */
  const reachesMinimum = (chosen: Int32Array, j: number, r: number, budget: number): boolean => {
    work += RATING_TEST_WORK;
    withChosen(chosen);
    if (window.min === -Infinity) return true;
    if (r === 0) return ratingScore(squad) >= window.min;
    if (!fillCaps(j, r, budget)) return false;
    squad.push(...caps);
    if (ratingScore(squad) < window.min) return false;
    if (!sums || r > sums.most) return true;
    // The same caps bound the rating sum: back to the chosen cards alone beside them.
    squad.length -= caps.length;
    work += SUM_TEST_WORK;
    return sums.cheapest(j, r, leastSum()) <= budget;
  };
  /** Whether a completion can stay within the window's maximum. */
  const staysBelowMaximum = (chosen: Int32Array, j: number, r: number, budget: number): boolean => {
    if (window.max === Infinity) return true;
    withChosen(chosen);
    if (r === 0) return ratingScore(squad) <= window.max;
    const end = endOf(j, budget - cheapestOf(j, r - 1));
    if (end === j) return false;
    const low = lowest(j, end);
    for (let t = 0; t < r; t += 1) squad.push(low);
    return ratingScore(squad) <= window.max;
  };
  const within = (chosen: Int32Array, j: number, r: number, budget: number): boolean =>
    reachesMinimum(chosen, j, r, budget) && staysBelowMaximum(chosen, j, r, budget);
  /**
   * Per number of chosen cards: the highest rating of a card that failed as the next one taken
   * beside them. A failure rules out every dearer card rated no higher (the test is monotone in
   * both, and the budget only shrinks), along the whole run of skips that keeps those cards.
   */
  const ruledOutAt = new Float64Array(slots + 1).fill(-Infinity);
  /**
   * The first card from j on that the rating minimum allows as the next one taken beside the
   * first `count` cards of `chosen` (n when none): past the table's quick look, the taken card's
   * node would fail the same test. `chosen` has room for one more card.
   */
  const nextTakable = (chosen: Int32Array, count: number, j: number, r: number, budget: number) => {
    let ruledOut = ruledOutAt[count] ?? -Infinity;
    let k = j;
    for (; ; k += 1) {
      k = firstTakable(chosen.subarray(0, count), k, r, budget, ruledOut);
      if (k >= n) break;
      chosen[count] = k;
      if (reachesMinimum(chosen.subarray(0, count + 1), k + 1, r - 1, budget - (cost[k] ?? 0))) break;
      ruledOut = Math.max(ruledOut, ratings[k] ?? 0);
    }
    ruledOutAt[count] = ruledOut;
    return k;
  };
  /** A new set of `count` chosen cards: nothing is ruled out beside it yet. */
  const newChosenSet = (count: number) => {
    ruledOutAt[count] = -Infinity;
  };
  return { within, nextTakable, newChosenSet, takeWork, hasMinimum: window.min !== -Infinity };
}
