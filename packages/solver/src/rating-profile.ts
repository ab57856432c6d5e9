import { SQUAD_SIZE, type SbcRequirement } from '@tradedesk/domain';
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
}

export interface ProfileAnswer {
  readonly cost: number;
  /** Indices into the items. */
  readonly picks: readonly number[];
}

/**
 * The cheapest `count` items whose ratings (padded with zeros for bricks to 11) have a rating
 * score inside the window. Exact: a depth-first search over how many items of each rating to
 * take, highest rating first, taking the cheapest items of each rating. Pruned by the cheapest
 * possible completion and by the score being monotone in every rating (raising one rating by 1
 * raises 11·S by 11 and lowers the other ten excess terms by at most 1 each).
 * Items may have negative costs (Lagrangian prices); asset uniqueness is not modelled.
 */
export function cheapestRatingProfile(
  items: readonly ProfileItem[],
  count: number,
  window: ScoreWindow,
  upperBound = Infinity,
): ProfileAnswer | null {
  const byRating = new Map<number, number[]>();
  items.forEach((item, index) => {
    const list = byRating.get(item.rating);
    if (list) list.push(index);
    else byRating.set(item.rating, [index]);
  });
  const ratings = [...byRating.keys()].sort((a, b) => b - a);
  const lists = ratings.map((rating) =>
    (byRating.get(rating) ?? [])
      .sort((a, b) => (items[a]?.cost ?? 0) - (items[b]?.cost ?? 0))
      .slice(0, count),
  );
  const prefix = lists.map((list) => {
    const sums = [0];
    for (const index of list) sums.push((sums[sums.length - 1] ?? 0) + (items[index]?.cost ?? 0));
    return sums;
  });
  // fill[j][k]: the cheapest k items among ratings[j..] (ratings ≤ ratings[j]).
  const fill: number[][] = new Array<number[]>(ratings.length + 1);
  let pool: number[] = [];
  fill[ratings.length] = [0];
  for (let j = ratings.length - 1; j >= 0; j -= 1) {
    pool = [...pool, ...(lists[j] ?? []).map((index) => items[index]?.cost ?? 0)]
      .sort((a, b) => a - b)
      .slice(0, count);
    const sums = [0];
    for (const cost of pool) sums.push((sums[sums.length - 1] ?? 0) + cost);
    fill[j] = sums;
  }
  const lowest = ratings[ratings.length - 1] ?? 0;
  // The chosen ratings, kept in a fixed buffer (this runs in the hot loop).
  const chosen = new Int32Array(SQUAD_SIZE);
  let chosenCount = 0;
  let chosenSum = 0;
  /** Rating score of the chosen ratings plus `rest` more at `restRating` (bricks count 0). */
  const scoreWith = (rest: number, restRating: number): number => {
    const sum = chosenSum + rest * restRating;
    let excess = rest * Math.max(0, SQUAD_SIZE * restRating - sum);
    for (let i = 0; i < chosenCount; i += 1) excess += Math.max(0, SQUAD_SIZE * (chosen[i] ?? 0) - sum);
    return SQUAD_SIZE * sum + excess;
  };
  let best = upperBound;
  let bestCounts: number[] | null = null;
  const counts = ratings.map(() => 0);
  // A first answer that prunes early: the cheapest items among ratings ≥ t, for each t.
  for (let top = 0; top < ratings.length; top += 1) {
    const merged = lists
      .slice(0, top + 1)
      .flatMap((list, j) => list.map((index) => ({ j, cost: items[index]?.cost ?? 0 })))
      .sort((a, b) => a.cost - b.cost)
      .slice(0, count);
    if (merged.length < count) continue;
    const takes = ratings.map(() => 0);
    for (const { j } of merged) takes[j] = (takes[j] ?? 0) + 1;
    chosenCount = 0;
    chosenSum = 0;
    takes.forEach((take, j) => {
      for (let k = 0; k < take; k += 1) chosen[chosenCount++] = ratings[j] ?? 0;
      chosenSum += take * (ratings[j] ?? 0);
    });
    const score = scoreWith(0, 0);
    const cost = takes.reduce((sum, take, j) => sum + (prefix[j]?.[take] ?? 0), 0);
    if (score >= window.min && score <= window.max && cost < best) {
      best = cost;
      bestCounts = takes;
    }
  }
  chosenCount = 0;
  chosenSum = 0;

  const search = (j: number, remaining: number, cost: number): void => {
    if (remaining === 0) {
      const score = scoreWith(0, 0);
      if (score >= window.min && score <= window.max && cost < best) {
        best = cost;
        bestCounts = [...counts];
      }
      return;
    }
    if (j >= ratings.length) return;
    const completion = fill[j]?.[remaining];
    if (completion === undefined || cost + completion >= best) return;
    const rating = ratings[j] ?? 0;
    if (window.min > -Infinity && scoreWith(remaining, rating) < window.min) return;
    if (window.max < Infinity && scoreWith(remaining, lowest) > window.max) return;
    const available = Math.min(remaining, lists[j]?.length ?? 0);
    for (let take = available; take >= 0; take -= 1) {
      for (let k = 0; k < take; k += 1) chosen[chosenCount + k] = rating;
      chosenCount += take;
      chosenSum += take * rating;
      counts[j] = take;
      search(j + 1, remaining - take, cost + (prefix[j]?.[take] ?? 0));
      chosenCount -= take;
      chosenSum -= take * rating;
      counts[j] = 0;
    }
  };
  search(0, count, 0);
  const found: number[] | null = bestCounts;
  if (!found) return null;
  const picks = lists.flatMap((list, j) => list.slice(0, found[j] ?? 0));
  return { cost: best, picks };
}
