import { SQUAD_SIZE, type SbcRequirement } from '@tradedesk/domain';
import { minimumRestSum, ratingFloor } from './rating-floor.js';
import { maxScoreFor, minScoreFor } from './squad-check.js';

/** Rating scores (11·S + Σ max(0, 11·r − S)) a squad may have: from the team-rating requirements. */
export interface ScoreWindow {
  readonly min: number;
  readonly max: number;
}

export function scoreWindowOf(requirements: readonly SbcRequirement[]): ScoreWindow {
  let min = -Infinity;
  let max = Infinity;
  for (const requirement of requirements) {
    if (requirement.kind !== 'teamRating') continue;
    if (requirement.scope !== 'max') min = Math.max(min, minScoreFor(requirement.value));
    if (requirement.scope !== 'min') max = Math.min(max, maxScoreFor(requirement.value));
  }
  return { min, max };
}

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
  /** Give up (return 'aborted') at this wall-clock time (checked every 1,024 nodes). */
  deadline = Infinity,
  /** Ratings of players already in the squad (they count toward the score, cost nothing). */
  fixedRatings: readonly number[] = [],
  /** Return the first answer below the upper bound, not the cheapest (a feasibility check). */
  firstBelow = false,
): ProfileAnswer | null | 'aborted' {
  const byCell = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = `${item.rating}|${item.classBits ?? 0}`;
    const list = byCell.get(key);
    if (list) list.push(index);
    else byCell.set(key, [index]);
  });
  const cells = [...byCell.values()]
    .map((list) => list.sort((a, b) => (items[a]?.cost ?? 0) - (items[b]?.cost ?? 0)).slice(0, count))
    .sort((a, b) => (items[b[0] ?? 0]?.rating ?? 0) - (items[a[0] ?? 0]?.rating ?? 0));
  const cellRating = cells.map((list) => items[list[0] ?? 0]?.rating ?? 0);
  const cellBits = cells.map((list) => items[list[0] ?? 0]?.classBits ?? 0);
  const prefix = cells.map((list) => {
    const sums = [0];
    for (const index of list) sums.push((sums[sums.length - 1] ?? 0) + (items[index]?.cost ?? 0));
    return sums;
  });
  // fill[j][k]: the cheapest k items among cells j.. (ratings ≤ cellRating[j]).
  const fill: number[][] = new Array<number[]>(cells.length + 1);
  let pool: number[] = [];
  fill[cells.length] = [0];
  for (let j = cells.length - 1; j >= 0; j -= 1) {
    pool = [...pool, ...(cells[j] ?? []).map((index) => items[index]?.cost ?? 0)]
      .sort((a, b) => a - b)
      .slice(0, count);
    const sums = [0];
    for (const cost of pool) sums.push((sums[sums.length - 1] ?? 0) + cost);
    fill[j] = sums;
  }
  // memberFill[c][j][k]: the cheapest k items among cells j.. that count toward constraint c.
  const memberFill = constraints.map(({ bit }) => {
    const sums: number[][] = new Array<number[]>(cells.length + 1);
    let members: number[] = [];
    sums[cells.length] = [0];
    for (let j = cells.length - 1; j >= 0; j -= 1) {
      if ((cellBits[j] ?? 0) & (1 << bit))
        members = [...members, ...(cells[j] ?? []).map((index) => items[index]?.cost ?? 0)]
          .sort((a, b) => a - b)
          .slice(0, count);
      const row = [0];
      for (const cost of members) row.push((row[row.length - 1] ?? 0) + cost);
      sums[j] = row;
    }
    return sums;
  });
  // membersLeft[c][j]: items in cells j.. that count toward constraint c.
  const membersLeft = constraints.map(({ bit }) => {
    const left = new Array<number>(cells.length + 1).fill(0);
    for (let j = cells.length - 1; j >= 0; j -= 1)
      left[j] = (left[j + 1] ?? 0) + ((cellBits[j] ?? 0) & (1 << bit) ? (cells[j]?.length ?? 0) : 0);
    return left;
  });
  const lowest = Math.min(...cellRating);
  // The rating-aware completion floor over the cells' items in search order.
  const cellStart: number[] = [];
  const orderedItems = cells.flatMap((list) => {
    cellStart.push((cellStart[cellStart.length - 1] ?? 0) + (cells[cellStart.length - 1]?.length ?? 0));
    return list.map((index) => items[index] as ProfileItem);
  });
  const floorFrom =
    window.min > -Infinity
      ? ratingFloor(
          orderedItems.map((item) => item.rating),
          orderedItems.map((item) => item.cost),
          count,
          cellStart,
        )
      : undefined;
  // The chosen ratings, kept in a fixed buffer (this runs in the hot loop).
  const chosen = new Int32Array(SQUAD_SIZE);
  let chosenCount = 0;
  let chosenSum = 0;
  /** Back to the fixed ratings only. */
  const resetChosen = () => {
    chosen.set(fixedRatings);
    chosenCount = fixedRatings.length;
    chosenSum = fixedRatings.reduce((sum, rating) => sum + rating, 0);
  };
  resetChosen();
  const have = constraints.map(() => 0);
  /** Per cell, the constraints its items count toward (read in the hot loop). */
  const cellCounts = cellBits.map((bits) =>
    constraints.flatMap(({ bit }, c) => ((bits & (1 << bit)) !== 0 ? [c] : [])),
  );
  /** Rating score of the chosen ratings plus `rest` more at `restRating` (bricks count 0). */
  const scoreWith = (rest: number, restRating: number): number => {
    const sum = chosenSum + rest * restRating;
    let excess = rest * Math.max(0, SQUAD_SIZE * restRating - sum);
    for (let i = 0; i < chosenCount; i += 1) excess += Math.max(0, SQUAD_SIZE * (chosen[i] ?? 0) - sum);
    return SQUAD_SIZE * sum + excess;
  };
  const countsMet = () =>
    constraints.every(({ scope, count: needed }, c) => {
      const got = have[c] ?? 0;
      return scope === 'min' ? got >= needed : scope === 'max' ? got <= needed : got === needed;
    });
  const countsReachable = (j: number, remaining: number) =>
    constraints.every(({ scope, count: needed }, c) => {
      const got = have[c] ?? 0;
      if (scope !== 'min' && got > needed) return false;
      return scope === 'max' || got + Math.min(remaining, membersLeft[c]?.[j] ?? 0) >= needed;
    });
  let best = upperBound;
  let bestTakes: number[] | null = null;
  const takes = cells.map(() => 0);
  // First answers that prune early: the cheapest items among the cells of rating ≥ t, for each t
  // (skipped when the caller already gives a bound to prune by: they cost more than the search).
  for (let top = 0; top < (Number.isFinite(upperBound) ? 0 : cells.length); top += 1) {
    const offered = cells
      .slice(0, top + 1)
      .flatMap((list, j) => list.map((index, rank) => ({ j, rank, cost: items[index]?.cost ?? 0 })))
      .sort((a, b) => a.cost - b.cost);
    // The cheapest members each min count needs first, then the cheapest of the rest; a cell's
    // items are taken cheapest first, so only how many per cell matters.
    const picked = new Set<(typeof offered)[number]>();
    for (const { bit, scope, count: needed } of constraints) {
      if (scope === 'max') continue;
      const members = offered.filter((o) => (cellBits[o.j] ?? 0) & (1 << bit));
      for (const o of members.slice(0, needed)) picked.add(o);
    }
    for (const o of offered) {
      if (picked.size >= count) break;
      picked.add(o);
    }
    if (picked.size !== count) continue;
    const tried = cells.map(() => 0);
    for (const { j } of picked) tried[j] = (tried[j] ?? 0) + 1;
    resetChosen();
    have.fill(0);
    tried.forEach((take, j) => {
      for (let k = 0; k < take; k += 1) chosen[chosenCount++] = cellRating[j] ?? 0;
      chosenSum += take * (cellRating[j] ?? 0);
      constraints.forEach(({ bit }, c) => {
        if ((cellBits[j] ?? 0) & (1 << bit)) have[c] = (have[c] ?? 0) + take;
      });
    });
    const score = scoreWith(0, 0);
    const cost = tried.reduce((sum, take, j) => sum + (prefix[j]?.[take] ?? 0), 0);
    if (score >= window.min && score <= window.max && cost < best && countsMet()) {
      best = cost;
      bestTakes = tried;
    }
  }
  resetChosen();
  have.fill(0);

  let nodes = 0;
  let aborted = false;
  const search = (j: number, remaining: number, cost: number): void => {
    nodes += 1;
    if (aborted || (firstBelow && bestTakes)) return;
    if (nodes > nodeLimit || ((nodes & 1023) === 0 && Date.now() > deadline)) {
      aborted = true;
      return;
    }
    if (remaining === 0) {
      const score = scoreWith(0, 0);
      if (score >= window.min && score <= window.max && cost < best && countsMet()) {
        best = cost;
        bestTakes = [...takes];
      }
      return;
    }
    if (j >= cells.length) return;
    let completion = fill[j]?.[remaining];
    if (completion === undefined) return;
    // Members a min/exact count still needs must come from the remaining cells.
    for (let c = 0; c < constraints.length; c += 1) {
      const constraint = constraints[c];
      const need = constraint && constraint.scope !== 'max' ? constraint.count - (have[c] ?? 0) : 0;
      if (need <= 0) continue;
      const members = memberFill[c]?.[j]?.[need];
      if (members === undefined) return;
      completion = Math.max(completion, members + (fill[j]?.[remaining - need] ?? 0));
    }
    if (cost + completion >= best) return;
    const rating = cellRating[j] ?? 0;
    if (window.min > -Infinity && scoreWith(remaining, rating) < window.min) return;
    if (window.max < Infinity && scoreWith(remaining, lowest) > window.max) return;
    // The counts first: they cost far less than the rating floor.
    if (!countsReachable(j, remaining)) return;
    if (floorFrom) {
      const restSum = minimumRestSum(chosen, chosenCount, chosenSum, remaining, rating, window.min);
      // A hair of slack: Lagrangian prices are fractional, and only strictly cheaper sets count.
      const slack = 1e-6 * Math.max(1, Math.abs(best));
      if (cost + floorFrom(j, remaining, restSum, best - cost + slack) >= best + slack) return;
    }
    const counts = cellCounts[j] ?? [];
    const cellPrefix = prefix[j] ?? [];
    const available = Math.min(remaining, cells[j]?.length ?? 0);
    for (let take = available; take >= 0; take -= 1) {
      for (let k = 0; k < take; k += 1) chosen[chosenCount + k] = rating;
      chosenCount += take;
      chosenSum += take * rating;
      for (const c of counts) have[c] = (have[c] ?? 0) + take;
      takes[j] = take;
      search(j + 1, remaining - take, cost + (cellPrefix[take] ?? 0));
      chosenCount -= take;
      chosenSum -= take * rating;
      for (const c of counts) have[c] = (have[c] ?? 0) - take;
      takes[j] = 0;
    }
  };
  search(0, count, 0);
  if (aborted) return 'aborted';
  const found: number[] | null = bestTakes;
  if (!found) return null;
  const picks = cells.flatMap((list, j) => list.slice(0, found[j] ?? 0));
  return { cost: best, picks };
}
