/** The cheapest set of items whose ratings meet a rating-score window and count constraints (an exact profile search). */
import { SQUAD_SIZE } from '@tradedesk/domain';
import { constraintTables, MAX, MIN, ratingCells } from './rating-cells.js';
import { minimumRestSum, RatingFloor } from './rating-floor.js';
import type { ScoreWindow } from './score-window.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

export interface ProfileItem {
  readonly rating: number;
  readonly cost: number;
  /** Bit j set when the item counts toward count constraint j. */
  readonly classBits?: number;
}

/** "At least / at most / exactly `count` of the picked items have bit `bit`". */
export interface CountConstraint {
  readonly bit: number;
  readonly scope: 'min' | 'max' | 'exact';
  readonly count: number;
}

export interface ProfileAnswer {
  readonly cost: number;
  /** Indices into the items. */
  readonly picks: readonly number[];
}

/**
 * The cheapest `count` items whose ratings (padded with zeros for bricks to 11) have a rating
 * score inside the window and that meet the count constraints. Exact: a depth-first search over
 * how many items of each cell (rating × which constraints the item counts toward) to take,
 * highest rating first, taking the cheapest items of each cell. Pruned by the cheapest possible
 * completion, by the counts still reachable, and by the score being monotone in every rating
 * (raising one rating by 1 raises 11·S by 11 and lowers the other ten excess terms by at most 1
 * each). Items may have negative costs (Lagrangian prices); asset uniqueness is not modelled.
 */
export function cheapestRatingProfile(
  items: readonly ProfileItem[],
  count: number,
  window: ScoreWindow,
  upperBound = Infinity,
  constraints: readonly CountConstraint[] = [],
  /** Give up (return 'aborted') after this many search nodes. */
  nodeLimit = Infinity,
  /** Give up (return 'aborted') at this time of the work clock (checked every 1,024 nodes). */
  deadline = Infinity,
  /** Ratings of players already in the squad (they count toward the score, cost nothing). */
  fixedRatings: readonly number[] = [],
  /** Return the first answer below the upper bound, not the cheapest (a feasibility check). */
  firstBelow = false,
): ProfileAnswer | null | 'aborted' {
  chargeWork(items.length * WORK_MS.profileItem);
  const search = new ProfileSearch(items, count, window, upperBound, constraints, fixedRatings);
  if (!Number.isFinite(upperBound)) search.tryFirstAnswers();
  return search.run(nodeLimit, deadline, firstBelow);
}

/**
 * The search's tables and state. A class with typed arrays, not closures over arrays: one search
 * runs per group relaxation and floor (hundreds per solve), and closures made per search are new
 * call targets every time, so V8 threw away the optimized search at each new one (a process's
 * first grouped relaxation spent most of its time unoptimized); methods keep one target, and the
 * typed arrays keep one element kind and no holes.
 */
class ProfileSearch {
  // Number fields start as numbers of their kind (small integers, or doubles where ±Infinity or
  // fractions occur), not undefined: V8 then keeps one field representation for every search.
  private readonly count: number = 0;
  private readonly windowMin: number = -Infinity;
  private readonly windowMax: number = Infinity;
  /** Row width of the per-count tables: k = 0 … count. */
  private readonly width: number = 0;
  private readonly cellCount: number = 0;
  /** Per cell: its rating, its constraint bits, how many items it keeps (≤ count). */
  private readonly cellRating: Int32Array;
  private readonly cellBits: Int32Array;
  private readonly cellSize: Int32Array;
  /** The cells' items (indices into the caller's items), cheapest first, cell after cell. */
  private readonly cellItems: Int32Array;
  /** Where each cell's items start in `cellItems` (one more entry: the end). */
  private readonly cellStart: Int32Array;
  /** The items' costs in `cellItems` order. */
  private readonly orderedCosts: Float64Array;
  /** prefix[j·width + k]: the cost of cell j's k cheapest items. */
  private readonly prefix: Float64Array;
  /** fill[j·width + k]: the cheapest k items among cells j.. (Infinity: fewer than k there). */
  private readonly fill: Float64Array;
  private readonly constraintCount: number = 0;
  private readonly scope: Int32Array;
  private readonly needed: Int32Array;
  /** Per cell, a mask of the constraints (by index) its items count toward. */
  private readonly cellConstraints: Int32Array;
  /** memberFill[(c·(cells + 1) + j)·width + k]: the cheapest k items among cells j.. that count toward c. */
  private readonly memberFill: Float64Array;
  /** membersLeft[c·(cells + 1) + j]: items in cells j.. that count toward constraint c. */
  private readonly membersLeft: Int32Array;
  private readonly lowest: number = Infinity;
  /** The rating-aware completion floor over the cells' items in search order (with a minimum). */
  private readonly floor: RatingFloor | null;
  private readonly fixedRatings: Int32Array;
  private readonly fixedSum: number = 0;
  /** The chosen ratings (fixed ones first), a fixed buffer. */
  private readonly chosen: Int32Array;
  private chosenCount = 0;
  private chosenSum = 0;
  /** Per constraint, the chosen items that count toward it. */
  private readonly have: Int32Array;
  /** Items taken per cell on the current path. */
  private readonly takes: Int32Array;
  private best = Infinity;
  private bestTakes: Int32Array | null = null;
  private nodes = 0;
  private aborted = false;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private firstBelow = false;

  constructor(
    items: readonly ProfileItem[],
    count: number,
    window: ScoreWindow,
    upperBound: number,
    constraints: readonly CountConstraint[],
    fixedRatings: readonly number[],
  ) {
    this.count = count;
    this.windowMin = window.min;
    this.windowMax = window.max;
    const width = count + 1;
    this.width = width;
    const cells = ratingCells(items, count);
    const cellCount = cells.cellCount;
    this.cellCount = cellCount;
    this.cellRating = cells.cellRating;
    this.cellBits = cells.cellBits;
    this.cellSize = cells.cellSize;
    this.cellStart = cells.cellStart;
    this.prefix = cells.prefix;
    this.cellItems = cells.cellItems;
    this.orderedCosts = cells.orderedCosts;
    this.fill = cells.fill;
    const constraintCount = constraints.length;
    this.constraintCount = constraintCount;
    const tables = constraintTables(cells, constraints, count);
    this.scope = tables.scope;
    this.needed = tables.needed;
    this.cellConstraints = tables.cellConstraints;
    this.memberFill = tables.memberFill;
    this.membersLeft = tables.membersLeft;
    let lowest = Infinity;
    for (let j = 0; j < cellCount; j += 1) lowest = Math.min(lowest, this.cellRating[j] ?? 0);
    this.lowest = lowest;
    this.floor =
      window.min > -Infinity
        ? new RatingFloor(
            cells.orderedRatings,
            cells.orderedCosts,
            count,
            this.cellStart.subarray(0, cellCount),
          )
        : null;
    this.fixedRatings = Int32Array.from(fixedRatings);
    this.fixedSum = fixedRatings.reduce((sum, rating) => sum + rating, 0);
    this.chosen = new Int32Array(SQUAD_SIZE);
    this.have = new Int32Array(constraintCount);
    this.takes = new Int32Array(cellCount);
    this.best = upperBound;
    this.resetChosen();
  }

  /** Back to the fixed ratings only, no item taken. */
  private resetChosen(): void {
    this.chosen.set(this.fixedRatings);
    this.chosenCount = this.fixedRatings.length;
    this.chosenSum = this.fixedSum;
    this.have.fill(0);
  }

  /**
   * First answers that prune early: the cheapest items among the cells of rating ≥ t, for each t
   * (only without a bound from the caller: they cost more than the search saves there).
   */
  tryFirstAnswers(): void {
    const { cellCount, count, constraintCount } = this;
    // The offered items (cell, rank in cell), cheapest first, ties in cell order: each cell's
    // items merged in as the top cell moves down.
    let offered: { readonly j: number; readonly rank: number; readonly cost: number }[] = [];
    const tried = new Int32Array(cellCount);
    for (let top = 0; top < cellCount; top += 1) {
      const start = this.cellStart[top] ?? 0;
      const size = this.cellSize[top] ?? 0;
      const merged: typeof offered = [];
      let a = 0;
      for (let rank = 0; rank < size; rank += 1) {
        const item = { j: top, rank, cost: this.orderedCosts[start + rank] ?? 0 };
        while (a < offered.length && (offered[a]?.cost ?? 0) <= item.cost) merged.push(offered[a++]!);
        merged.push(item);
      }
      while (a < offered.length) merged.push(offered[a++]!);
      offered = merged;
      // The cheapest members each min count needs first, then the cheapest of the rest; a cell's
      // items are taken cheapest first, so only how many per cell matters.
      const picked = new Uint8Array(offered.length);
      let pickedCount = 0;
      for (let c = 0; c < constraintCount; c += 1) {
        if (this.scope[c] === MAX) continue;
        let members = 0;
        for (let o = 0; o < offered.length && members < (this.needed[c] ?? 0); o += 1) {
          if (!((this.cellConstraints[offered[o]?.j ?? 0] ?? 0) & (1 << c))) continue;
          members += 1;
          if (!picked[o]) pickedCount += 1;
          picked[o] = 1;
        }
      }
      for (let o = 0; o < offered.length && pickedCount < count; o += 1) {
        if (!picked[o]) pickedCount += 1;
        picked[o] = 1;
      }
      if (pickedCount !== count) continue;
      tried.fill(0);
      for (let o = 0; o < offered.length; o += 1) {
        const j = offered[o]?.j ?? 0;
        if (picked[o]) tried[j] = (tried[j] ?? 0) + 1;
      }
      this.resetChosen();
      let cost = 0;
      for (let j = 0; j < cellCount; j += 1) {
        const take = tried[j] ?? 0;
        this.take(j, take);
        cost += this.prefix[j * this.width + take] ?? 0;
      }
      if (this.inWindow(this.scoreWith(0, 0)) && cost < this.best && this.countsMet()) {
        this.best = cost;
        this.bestTakes = tried.slice();
      }
    }
    this.resetChosen();
  }

  run(nodeLimit: number, deadline: number, firstBelow: boolean): ProfileAnswer | null | 'aborted' {
    this.nodeLimit = nodeLimit;
    this.deadline = deadline;
    this.firstBelow = firstBelow;
    this.search(0, this.count, 0);
    chargeWork((this.nodes & 1023) * WORK_MS.profileNode);
    if (this.aborted) return 'aborted';
    const found = this.bestTakes;
    if (!found) return null;
    const picks: number[] = [];
    for (let j = 0; j < this.cellCount; j += 1)
      for (let k = 0; k < (found[j] ?? 0); k += 1)
        picks.push(this.cellItems[(this.cellStart[j] ?? 0) + k] ?? 0);
    return { cost: this.best, picks };
  }

  /** Charges the last 1,024 nodes' work and reads the (work) clock. */
  private overDeadline(): boolean {
    chargeWork(1024 * WORK_MS.profileNode);
    return workNow() > this.deadline;
  }

  private search(j: number, remaining: number, cost: number): void {
    this.nodes += 1;
    if (this.aborted || (this.firstBelow && this.bestTakes)) return;
    if (this.nodes > this.nodeLimit || ((this.nodes & 1023) === 0 && this.overDeadline())) {
      this.aborted = true;
      return;
    }
    if (remaining === 0) {
      if (this.inWindow(this.scoreWith(0, 0)) && cost < this.best && this.countsMet()) {
        this.best = cost;
        this.bestTakes = this.takes.slice();
      }
      return;
    }
    if (j >= this.cellCount) return;
    const { width, constraintCount } = this;
    let completion = this.fill[j * width + remaining] ?? Infinity;
    if (completion === Infinity) return;
    // Members a min/exact count still needs must come from the remaining cells.
    for (let c = 0; c < constraintCount; c += 1) {
      const need = this.scope[c] !== MAX ? (this.needed[c] ?? 0) - (this.have[c] ?? 0) : 0;
      if (need <= 0) continue;
      const members = this.memberFill[(c * (this.cellCount + 1) + j) * width + need] ?? Infinity;
      if (need > this.count || members === Infinity) return;
      const others = remaining - need;
      completion = Math.max(completion, members + (others >= 0 ? (this.fill[j * width + others] ?? 0) : 0));
    }
    const best = this.best;
    if (cost + completion >= best) return;
    const rating = this.cellRating[j] ?? 0;
    if (this.windowMin > -Infinity && this.scoreWith(remaining, rating) < this.windowMin) return;
    if (this.windowMax < Infinity && this.scoreWith(remaining, this.lowest) > this.windowMax) return;
    // The counts first: they cost far less than the rating floor.
    if (!this.countsReachable(j, remaining)) return;
    if (this.floor) {
      const restSum = minimumRestSum(
        this.chosen,
        this.chosenCount,
        this.chosenSum,
        remaining,
        rating,
        this.windowMin,
      );
      // A hair of slack: Lagrangian prices are fractional, and only strictly cheaper sets count.
      const slack = 1e-6 * Math.max(1, Math.abs(best));
      if (cost + this.floor.floor(j, remaining, restSum, best - cost + slack) >= best + slack) return;
    }
    const prefixRow = j * width;
    for (let take = Math.min(remaining, this.cellSize[j] ?? 0); take >= 0; take -= 1) {
      this.take(j, take);
      this.takes[j] = take;
      this.search(j + 1, remaining - take, cost + (this.prefix[prefixRow + take] ?? 0));
      this.untake(j, take);
      this.takes[j] = 0;
    }
  }

  /** Adds `take` items of cell j to the chosen ratings and the counts. */
  private take(j: number, take: number): void {
    const rating = this.cellRating[j] ?? 0;
    for (let k = 0; k < take; k += 1) this.chosen[this.chosenCount + k] = rating;
    this.chosenCount += take;
    this.chosenSum += take * rating;
    const counted = this.cellConstraints[j] ?? 0;
    for (let c = 0; counted !== 0 && c < this.constraintCount; c += 1)
      if (counted & (1 << c)) this.have[c] = (this.have[c] ?? 0) + take;
  }

  private untake(j: number, take: number): void {
    const rating = this.cellRating[j] ?? 0;
    this.chosenCount -= take;
    this.chosenSum -= take * rating;
    const counted = this.cellConstraints[j] ?? 0;
    for (let c = 0; counted !== 0 && c < this.constraintCount; c += 1)
      if (counted & (1 << c)) this.have[c] = (this.have[c] ?? 0) - take;
  }

  private inWindow(score: number): boolean {
    return score >= this.windowMin && score <= this.windowMax;
  }

  /** Rating score of the chosen ratings plus `rest` more at `restRating` (bricks count 0). */
  private scoreWith(rest: number, restRating: number): number {
    const sum = this.chosenSum + rest * restRating;
    let excess = rest * Math.max(0, SQUAD_SIZE * restRating - sum);
    for (let i = 0; i < this.chosenCount; i += 1)
      excess += Math.max(0, SQUAD_SIZE * (this.chosen[i] ?? 0) - sum);
    return SQUAD_SIZE * sum + excess;
  }

  private countsMet(): boolean {
    for (let c = 0; c < this.constraintCount; c += 1) {
      const got = this.have[c] ?? 0;
      const needed = this.needed[c] ?? 0;
      const scope = this.scope[c];
      if (scope === MIN ? got < needed : scope === MAX ? got > needed : got !== needed) return false;
    }
    return true;
  }

  private countsReachable(j: number, remaining: number): boolean {
    for (let c = 0; c < this.constraintCount; c += 1) {
      const got = this.have[c] ?? 0;
      const needed = this.needed[c] ?? 0;
      const scope = this.scope[c];
      if (scope !== MIN && got > needed) return false;
      if (scope === MAX) continue;
      if (got + Math.min(remaining, this.membersLeft[c * (this.cellCount + 1) + j] ?? 0) < needed)
        return false;
    }
    return true;
  }
}
