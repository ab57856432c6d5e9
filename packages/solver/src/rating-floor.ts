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
  /** Always an Int32Array: one element kind keeps this hot function's optimized code. */
  chosen: Int32Array,
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
  chosen: Int32Array,
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

/** A λ's table not built yet. */
const NOT_BUILT = new Float64Array(0);

/**
 * The floor's tables over items in search order: for each λ, row and k ≤ `most`, the k smallest
 * (cost − λ·rating) among the items from the row's position on. Rows are the positions a search
 * asks about (ascending; the profile search asks only at the start of a rating cell). A λ's
 * table is built the first time the climb reaches it: a search uses only a few of them.
 * A class, not closures: the profile search calls `floor` at every node, and a closure made per
 * search is a new call target each time, which threw away the optimized caller at every search.
 */
export class RatingFloor {
  private readonly ratings: Float64Array;
  private readonly costs: Float64Array;
  private readonly most: number = 0;
  private readonly width: number = 0;
  private readonly rows: Int32Array;
  /** Per λ its table, `NOT_BUILT` until the climb first reaches it. */
  private readonly tables: Float64Array[] = [];
  /** Scratch for building a table: the `most` smallest values seen so far, ascending. */
  private readonly smallest: Float64Array;
  /**
   * Where the climb starts: the λ that was best last time (the bound is concave in λ, a minimum
   * of lines, and consecutive nodes of a search want similar λ).
   */
  private start = Math.floor(LAMBDAS.length / 2);

  constructor(ratings: ArrayLike<number>, costs: ArrayLike<number>, most: number, rows: ArrayLike<number>) {
    this.ratings = Float64Array.from(ratings);
    this.costs = Float64Array.from(costs);
    this.most = most;
    this.width = most + 1;
    this.rows = Int32Array.from(rows);
    // Filled with one kind of element (a table or the empty marker), so every floor's list has
    // one elements kind and the reads stay monomorphic.
    for (let l = 0; l < LAMBDAS.length; l += 1) this.tables.push(NOT_BUILT);
    this.smallest = new Float64Array(most);
  }

  /**
   * A floor on the cost of `count` items from row `row`'s position on whose ratings sum to at
   * least `restSum`; it stops early once it exceeds `enough` (the caller prunes past that anyway).
   */
  floor(row: number, count: number, restSum: number, enough: number): number {
    if (restSum === Infinity) return Infinity;
    const at = row * this.width + count;
    let l = this.start;
    let best = this.valueAt(l, at, restSum);
    for (let next = l + 1; next < LAMBDAS.length && best <= enough; next += 1) {
      const value = this.valueAt(next, at, restSum);
      if (!(value > best)) break;
      best = value;
      l = next;
    }
    for (let next = l - 1; next >= 0 && best <= enough; next -= 1) {
      const value = this.valueAt(next, at, restSum);
      if (!(value > best)) break;
      best = value;
      l = next;
    }
    this.start = l;
    return best;
  }

  private valueAt(l: number, at: number, restSum: number): number {
    return (this.tableOf(l)[at] ?? Infinity) + (LAMBDAS[l] ?? 0) * restSum;
  }

  private tableOf(l: number): Float64Array {
    const table = this.tables[l] ?? NOT_BUILT;
    return table !== NOT_BUILT ? table : this.buildTable(l);
  }

  private buildTable(l: number): Float64Array {
    const { ratings, costs, most, width, rows, smallest } = this;
    const lambda = LAMBDAS[l] ?? 0;
    const table = new Float64Array(rows.length * width).fill(Infinity);
    let kept = 0;
    let j = ratings.length;
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
    this.tables[l] = table;
    return table;
  }
}
