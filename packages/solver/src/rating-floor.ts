import { SQUAD_SIZE } from '@tradedesk/domain';

/**
 * A completion cost floor that reads the team rating, for searches that pick items in a fixed
 * order (cards by cost, rating cells from the highest): the rest of the squad must bring at least
 * some rating sum (`minimumRestSum`), and the cheapest items that do cost at least, for every
 * λ ≥ 0, the `k` smallest (cost − λ·rating) plus λ times that sum (weak duality of the knapsack
 * row Σ rating ≥ sum). The cost-only floor (the `k` cheapest) is the case λ = 0, which lets a
 * search through every set whose cheap cards leave room for one dear high-rated card.
 */

/** Multipliers tried, in coins per rating point: a grid from 2 to ~60,000 (×1.4 a step). */
const LAMBDAS = Array.from({ length: 31 }, (_, k) => 2 * 1.4 ** k);

/**
 * The smallest rating sum the `rest` items still to come must have for the squad's score
 * (11·S + Σ max(0, 11·r − S)) to reach `minScore`, given the chosen ratings and that no item to
 * come is rated above `highest`. Infinity when even `rest` items at `highest` fall short.
 * The score is at most f(R) = 11·(C + R) + Σ_chosen max(0, 11·c − S) + (R / highest)·max(0,
 * 11·highest − S) with S = C + R (each excess term is convex in its rating and 0 at rating 0, so
 * it lies under its chord to `highest`), and f never falls as R grows (its slope is at least 11
 * minus the number of players), so the sum is found by bisection.
 */
export function minimumRestSum(
  chosen: ArrayLike<number>,
  chosenCount: number,
  chosenSum: number,
  rest: number,
  highest: number,
  minScore: number,
): number {
  const most = rest * highest;
  if (scoreCeiling(chosen, chosenCount, chosenSum, most, highest) < minScore) return Infinity;
  const atZero = scoreCeiling(chosen, chosenCount, chosenSum, 0, highest);
  if (atZero >= minScore) return 0;
  // A narrow bracket first (this runs at every search node): f(R) ≥ 11·(C + R); the chosen
  // players' excess never grows with R and the rest's is at most R·max(0, 11·ρ − C)/ρ, so
  // f(R) ≤ f(0) + R·slope with the slope below.
  const slope = SQUAD_SIZE + (highest > 0 ? Math.max(0, SQUAD_SIZE * highest - chosenSum) / highest : 0);
  let high = Math.min(most, Math.max(0, Math.ceil(minScore / SQUAD_SIZE - chosenSum)));
  let low = Math.max(0, Math.ceil((minScore - atZero) / slope) - 1);
  // Invariant: f(low) < minScore ≤ f(high).
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (scoreCeiling(chosen, chosenCount, chosenSum, middle, highest) >= minScore) high = middle;
    else low = middle;
  }
  return high;
}

/** f(R) of `minimumRestSum` (a module function: this runs at every search node). */
function scoreCeiling(
  chosen: ArrayLike<number>,
  chosenCount: number,
  chosenSum: number,
  restSum: number,
  highest: number,
): number {
  const sum = chosenSum + restSum;
  let score = SQUAD_SIZE * sum;
  for (let k = 0; k < chosenCount; k += 1) score += Math.max(0, SQUAD_SIZE * (chosen[k] ?? 0) - sum);
  if (highest > 0) score += (restSum / highest) * Math.max(0, SQUAD_SIZE * highest - sum);
  return score;
}

export interface RatingFloor {
  /**
   * A floor on the cost of `count` items from row `row`'s position on whose ratings sum to at
   * least `restSum`; it stops early once it exceeds `enough` (the caller prunes past that anyway).
   */
  (row: number, count: number, restSum: number, enough: number): number;
}

/**
 * The floor's tables over items in search order: for each λ, row and k ≤ `most`, the k smallest
 * (cost − λ·rating) among the items from the row's position on. Rows are the positions a search
 * asks about (ascending; the profile search asks only at the start of a rating cell). A λ's
 * table is built the first time the climb reaches it: a search uses only a few of them.
 */
export function ratingFloor(
  ratings: ArrayLike<number>,
  costs: ArrayLike<number>,
  most: number,
  rows: readonly number[],
): RatingFloor {
  const n = ratings.length;
  const width = most + 1;
  const tables: (Float64Array | undefined)[] = LAMBDAS.map(() => undefined);
  const smallest = new Float64Array(most);
  const tableOf = (l: number): Float64Array => {
    const built = tables[l];
    if (built) return built;
    const lambda = LAMBDAS[l] ?? 0;
    const table = new Float64Array(rows.length * width).fill(Infinity);
    let kept = 0;
    let j = n;
    // Rows from the last: the items from each row's position on are those of the next row plus
    // the ones between.
    for (let row = rows.length - 1; row >= 0; row -= 1) {
      for (const from = rows[row] ?? 0; j > from;) {
        j -= 1;
        const value = (costs[j] ?? 0) - lambda * (ratings[j] ?? 0);
        // Insert into the sorted `most` smallest values seen so far.
        if (kept < most || value < (smallest[kept - 1] ?? Infinity)) {
          let at = Math.min(kept, most - 1);
          while (at > 0 && (smallest[at - 1] ?? 0) > value) {
            smallest[at] = smallest[at - 1] ?? 0;
            at -= 1;
          }
          smallest[at] = value;
          kept = Math.min(most, kept + 1);
        }
      }
      let sum = 0;
      table[row * width] = 0;
      for (let k = 0; k < kept; k += 1) {
        sum += smallest[k] ?? 0;
        table[row * width + k + 1] = sum;
      }
    }
    tables[l] = table;
    return table;
  };
  // The bound is concave in λ (a minimum of lines), so a climb from the λ that was best last time
  // finds the grid's best in a few steps: consecutive nodes of a search want similar λ.
  let start = Math.floor(LAMBDAS.length / 2);
  let at = 0;
  let sum = 0;
  const valueAt = (l: number) => (tableOf(l)[at] ?? Infinity) + (LAMBDAS[l] ?? 0) * sum;
  return (row, count, restSum, enough) => {
    if (restSum === Infinity) return Infinity;
    at = row * width + count;
    sum = restSum;
    let l = start;
    let best = valueAt(l);
    for (const step of [1, -1]) {
      for (let next = l + step; next >= 0 && next < LAMBDAS.length && best <= enough; next += step) {
        const value = valueAt(next);
        if (!(value > best)) break;
        best = value;
        l = next;
      }
    }
    start = l;
    return best;
  };
}
