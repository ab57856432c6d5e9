import { ratingScore, SQUAD_SIZE, type SbcRequirement } from '@tradedesk/domain';
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
  items.forEach((item, index) => byRating.set(item.rating, [...(byRating.get(item.rating) ?? []), index]));
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
  const zeros = SQUAD_SIZE - count;
  const chosen: number[] = [];
  const scoreWith = (rest: number, restRating: number) =>
    ratingScore([
      ...chosen,
      ...new Array<number>(rest).fill(restRating),
      ...new Array<number>(zeros).fill(0),
    ]);
  let best = upperBound;
  let bestCounts: number[] | null = null;
  const counts = ratings.map(() => 0);

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
      for (let k = 0; k < take; k += 1) chosen.push(rating);
      counts[j] = take;
      search(j + 1, remaining - take, cost + (prefix[j]?.[take] ?? 0));
      chosen.length -= take;
      counts[j] = 0;
    }
  };
  search(0, count, 0);
  const found: number[] | null = bestCounts;
  if (!found) return null;
  const picks = lists.flatMap((list, j) => list.slice(0, found[j] ?? 0));
  return { cost: best, picks };
}
