import { SQUAD_SIZE } from '@tradedesk/domain';
import { minimumRestSum, ratingFloor } from './rating-floor.js';
import type { ScoreWindow } from './rating-profile.js';

/**
 * Cards by rating level (levels are the pool's distinct ratings, highest first): per level the
 * cheapest cards (candidate indices, cheapest first, at most the squad's size) and the prefix sums
 * of their costs; `fill` row ℓ holds the cheapest k cards' cost from level ℓ on (Infinity past
 * the cards there are), rows of `width` = squad size + 1.
 */
export interface LevelCards {
  readonly cells: readonly (readonly number[] | undefined)[];
  readonly prefix: readonly (readonly number[] | undefined)[];
  readonly fill: Float64Array;
  /** `fill` with cost − λ·rating, one per `FLOOR_LAMBDAS` (the first is `fill`). */
  readonly fills: readonly Float64Array[];
}

/** Multipliers (coins per rating point) of the per-group rating floor. */
const FLOOR_LAMBDAS = [0, 6, 12, 24, 48];

/** `LevelCards` from per-level cells of candidate indices (each cheapest first). */
export function levelCards(
  levelRatings: readonly number[],
  cells: readonly (readonly number[] | undefined)[],
  costOf: (index: number) => number,
  count: number,
): LevelCards {
  const levels = cells.length;
  const width = count + 1;
  const prefix = cells.map((cell) => {
    if (!cell) return undefined;
    const sums = [0];
    for (const index of cell) sums.push((sums[sums.length - 1] ?? 0) + costOf(index));
    return sums;
  });
  // Per multiplier λ, from each level on, the k smallest cost − λ·rating (λ = 0: the cheapest k).
  const fills = FLOOR_LAMBDAS.map((lambda) => {
    const fill = new Float64Array((levels + 1) * width).fill(Infinity);
    let smallest: number[] = [];
    fill[levels * width] = 0;
    for (let level = levels - 1; level >= 0; level -= 1) {
      const cell = cells[level];
      const rating = levelRatings[level] ?? 0;
      if (cell)
        smallest = [...smallest, ...cell.map((i) => costOf(i) - lambda * rating)]
          .sort((a, b) => a - b)
          .slice(0, count);
      let sum = 0;
      fill[level * width] = 0;
      smallest.forEach((value, k) => {
        sum += value;
        fill[level * width + k + 1] = sum;
      });
    }
    return fill;
  });
  return { cells, prefix, fill: fills[0] as Float64Array, fills };
}

export interface LastGroupAnswer {
  readonly cost: number;
  /** Candidate indices. */
  readonly picks: readonly number[];
  /** Index into the open groups of the one the squad takes cards from. */
  readonly group: number;
}

/**
 * The cheapest `count` cards from the chosen groups' cards plus the cards of exactly one of the
 * open groups (at least one of its cards), whose ratings score inside the window, below `limit`:
 * the least over the open groups of the rating relaxation on "chosen + that group", in one search.
 * A check on the chosen and all open groups' cards at once lets a squad mix several open groups
 * (a cheap high card of one, a cheap filler of another), so it rarely prunes; each group on its
 * own costs a search apiece. Here the search goes down the rating levels choosing how many chosen
 * cards and how many cards of the open group to take at each, and keeps, for every open group
 * that still has that many cards at each level so far, what its cards cost: a node's value is the
 * chosen cost plus the least of those. Pruned per group by the cheapest completion from the
 * chosen cards and that group's, and for all by the rating floor over `union` (the chosen and all
 * open groups' cards, a superset of any one's), and by the score as the profile search is.
 * Exact (null when nothing is below the limit); 'aborted' past the deadline.
 */
export function cheapestWithOneMoreGroup(
  levelRatings: readonly number[],
  chosen: LevelCards,
  open: readonly LevelCards[],
  union: LevelCards,
  costOf: (index: number) => number,
  count: number,
  window: ScoreWindow,
  limit: number,
  deadline: number,
): LastGroupAnswer | null | 'aborted' {
  const levels = levelRatings.length;
  const width = count + 1;
  // The union's rating-aware floor: its cards in level order, a row at each level's start.
  const unionRatings: number[] = [];
  const unionCosts: number[] = [];
  const rows: number[] = [];
  union.cells.forEach((cell, level) => {
    rows.push(unionRatings.length);
    for (const index of cell ?? []) {
      unionRatings.push(levelRatings[level] ?? 0);
      unionCosts.push(costOf(index));
    }
  });
  const floorFrom = window.min > -Infinity ? ratingFloor(unionRatings, unionCosts, count, rows) : undefined;
  // Per level the open groups with cards there (the groups a first open pick can come from).
  const groupsAt: number[][] = levelRatings.map(() => []);
  open.forEach((group, g) => group.cells.forEach((cell, level) => cell && groupsAt[level]?.push(g)));
  const lowest = levelRatings[levels - 1] ?? 0;
  // Per level two buffers of open groups still possible (ids and the cost of their cards taken):
  // the ones a node keeps after its floor, and the ones a child takes cards from.
  const keptIds = levelRatings.map(() => new Int32Array(open.length));
  const keptCost = levelRatings.map(() => new Float64Array(open.length));
  const nextIds = levelRatings.map(() => new Int32Array(open.length));
  const nextCost = levelRatings.map(() => new Float64Array(open.length));
  const ratings = new Int32Array(SQUAD_SIZE);
  let ratingCount = 0;
  let ratingSum = 0;
  const takeChosen = new Int32Array(levels);
  const takeOpen = new Int32Array(levels);
  let best = limit;
  let bestAnswer: LastGroupAnswer | null = null;
  let nodes = 0;
  let aborted = false;

  /** Rating score of the chosen ratings plus `rest` more at `restRating` (as the profile search's). */
  const scoreWith = (rest: number, restRating: number): number => {
    const sum = ratingSum + rest * restRating;
    let excess = rest * Math.max(0, SQUAD_SIZE * restRating - sum);
    for (let i = 0; i < ratingCount; i += 1) excess += Math.max(0, SQUAD_SIZE * (ratings[i] ?? 0) - sum);
    return SQUAD_SIZE * sum + excess;
  };
  /**
   * A floor on `k` cards from level `level` on among the chosen ones and group g's whose ratings
   * sum to at least `restSum`: for each λ, the k smallest cost − λ·rating plus λ·restSum.
   */
  const fillWith = (g: number, level: number, k: number, restSum: number, mostChosen = k): number => {
    const group = open[g];
    if (!group) return Infinity;
    let floor = -Infinity;
    for (let l = 0; l < FLOOR_LAMBDAS.length; l += 1) {
      const chosenFill = chosen.fills[l] as Float64Array;
      const groupFill = group.fills[l] as Float64Array;
      let least = Infinity;
      for (let j = 0; j <= mostChosen; j += 1) {
        const value =
          (chosenFill[level * width + j] ?? Infinity) + (groupFill[level * width + k - j] ?? Infinity);
        if (value < least) least = value;
      }
      floor = Math.max(floor, least + (FLOOR_LAMBDAS[l] ?? 0) * restSum);
    }
    return floor;
  };
  const record = (cost: number, g: number) => {
    best = cost;
    const picks: number[] = [];
    for (let level = 0; level < levels; level += 1) {
      picks.push(...(chosen.cells[level] ?? []).slice(0, takeChosen[level] ?? 0));
      picks.push(...(open[g]?.cells[level] ?? []).slice(0, takeOpen[level] ?? 0));
    }
    bestAnswer = { cost, picks, group: g };
  };

  /**
   * Level `level` with `remaining` cards to take, the chosen cards so far costing `cost`; `ids` /
   * `costs` (n of them) the open groups still possible, or null before any open card is taken.
   */
  const search = (
    level: number,
    remaining: number,
    cost: number,
    ids: Int32Array | null,
    costs: Float64Array | null,
    n: number,
  ): void => {
    nodes += 1;
    if (aborted) return;
    if ((nodes & 1023) === 0 && Date.now() > deadline) {
      aborted = true;
      return;
    }
    if (remaining === 0) {
      if (!ids || !costs) return;
      const score = scoreWith(0, 0);
      if (score < window.min || score > window.max) return;
      for (let i = 0; i < n; i += 1) {
        const value = cost + (costs[i] ?? 0);
        if (value < best) record(value, ids[i] ?? 0);
      }
      return;
    }
    if (level >= levels) return;
    const rating = levelRatings[level] ?? 0;
    if (window.min > -Infinity && scoreWith(remaining, rating) < window.min) return;
    if (window.max < Infinity && scoreWith(remaining, lowest) > window.max) return;
    let floor = union.fill[level * width + remaining] ?? Infinity;
    if (cost + floor >= best) return;
    let restSum = 0;
    if (floorFrom) {
      restSum = minimumRestSum(ratings, ratingCount, ratingSum, remaining, rating, window.min);
      floor = Math.max(floor, floorFrom(level, remaining, restSum, best - cost));
      if (cost + floor >= best) return;
    }
    // The open groups whose cards so far plus their completion still go below the best.
    let keptN = 0;
    const kIds = keptIds[level] as Int32Array;
    const kCost = keptCost[level] as Float64Array;
    if (ids && costs) {
      for (let i = 0; i < n; i += 1) {
        const g = ids[i] ?? 0;
        const spent = costs[i] ?? 0;
        if (cost + spent + floor >= best) continue;
        if (cost + spent + fillWith(g, level, remaining, restSum) >= best) continue;
        kIds[keptN] = g;
        kCost[keptN] = spent;
        keptN += 1;
      }
      if (keptN === 0) return;
    } else {
      // Before any open card: some open group must still bring at least one.
      let least = Infinity;
      for (let g = 0; g < open.length && cost + least >= best; g += 1)
        least = Math.min(least, fillWith(g, level, remaining, restSum, remaining - 1));
      if (cost + least >= best) return;
    }
    const chosenPrefix = chosen.prefix[level] ?? [0];
    const chosenHere = chosenPrefix.length - 1;
    // The most cards one open group still possible has at this level.
    let openHere = 0;
    if (ids) {
      for (let i = 0; i < keptN; i += 1)
        openHere = Math.max(openHere, (open[kIds[i] ?? 0]?.prefix[level]?.length ?? 1) - 1);
    } else {
      for (const g of groupsAt[level] ?? [])
        openHere = Math.max(openHere, (open[g]?.prefix[level]?.length ?? 1) - 1);
    }
    const nIds = nextIds[level] as Int32Array;
    const nCost = nextCost[level] as Float64Array;
    for (let fromOpen = Math.min(remaining, openHere); fromOpen >= 0; fromOpen -= 1) {
      let childIds: Int32Array | null = ids ? kIds : null;
      let childCosts: Float64Array | null = ids ? kCost : null;
      let childN = keptN;
      if (fromOpen > 0) {
        childN = 0;
        const take = (g: number, spent: number) => {
          const sums = open[g]?.prefix[level];
          if (!sums || sums.length <= fromOpen) return;
          nIds[childN] = g;
          nCost[childN] = spent + (sums[fromOpen] ?? 0);
          childN += 1;
        };
        if (ids) for (let i = 0; i < keptN; i += 1) take(kIds[i] ?? 0, kCost[i] ?? 0);
        else for (const g of groupsAt[level] ?? []) take(g, 0);
        if (childN === 0) continue;
        childIds = nIds;
        childCosts = nCost;
      }
      takeOpen[level] = fromOpen;
      for (let fromChosen = Math.min(remaining - fromOpen, chosenHere); fromChosen >= 0; fromChosen -= 1) {
        const taken = fromOpen + fromChosen;
        for (let k = 0; k < taken; k += 1) ratings[ratingCount + k] = rating;
        ratingCount += taken;
        ratingSum += taken * rating;
        takeChosen[level] = fromChosen;
        search(
          level + 1,
          remaining - taken,
          cost + (chosenPrefix[fromChosen] ?? 0),
          childIds,
          childCosts,
          childN,
        );
        ratingCount -= taken;
        ratingSum -= taken * rating;
      }
      takeChosen[level] = 0;
      takeOpen[level] = 0;
    }
  };
  search(0, count, 0, null, null, 0);
  if (aborted) return 'aborted';
  return bestAnswer;
}
