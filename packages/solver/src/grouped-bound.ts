/** The relaxation strengthened for "same club/league/nation: min X": the smallest bound over the groups that could hold X players. */
import { groupIdOf, ratingScore, requirementLabel, type SbcRequirement } from '@tradedesk/domain';
import { withGroupCountRelaxation } from './group-count.js';
import { groupSetRelaxation, groupSetsApply } from './group-sets.js';
import {
  ratingInfeasible,
  relaxationBound,
  TOLERANCE,
  type CountRequirement,
  type RelaxationBound,
  type RelaxationResult,
} from './lower-bound.js';
import type { Candidate, Problem } from './problem.js';
import { minimumRestSum, RatingFloor } from './rating-floor.js';
import { cheapestRatingProfile } from './rating-profile.js';
import { scoreWindowOf } from './score-window.js';
import { ratingCountClass } from './rating-count-class.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';

type SameGroupRequirement = Extract<SbcRequirement, { kind: 'sameGroup' }>;

/** Floors on the squads with `needed` players of one group (`groupRatingFloor`). */
interface GroupFloor {
  /** The quick floor (no search), for ordering the groups. */
  readonly quick: (id: number) => number;
  /** The floor, exact for the rest once searched; it stops searching once it reaches `enough`. */
  readonly atLeast: (id: number, enough: number) => number;
  /**
   * The cost of one relaxed squad with `needed` players of the group: its best-rated players and
   * the cheapest rest that reaches the rating with them (what its relaxation can only improve on).
   */
  readonly relaxedSquad: (id: number) => number;
}

/**
 * A floor on every squad with `needed` players of one group that meets the team-rating minimum:
 * its `needed` best-rated group players cost at least the group's `needed` cheapest, and the
 * others at least the cheapest rest whose ratings, with the group's `needed` best ratings (the
 * score never falls when a rating rises), reach the minimum. That rest ignores the count
 * requirements and the group, so it depends only on those ratings: it is searched once per set
 * of best ratings, and a floor found for ratings that are one by one at least as high holds too.
 * Before any search, the Lagrangian floor on the rest's rating sum is tried, and the search is
 * skipped where one rest of a single rating level already costs less than the search's cap (it
 * could not rule the group out: on Brazil or Argentina ~45 of 86 searches). Undefined without a
 * rating minimum, or with a rating maximum (for which higher ratings are not better).
 */
function groupRatingFloor(
  problem: Problem,
  members: ReadonlyMap<number, readonly Candidate[]>,
  needed: number,
  deadline: number,
): GroupFloor | undefined {
  const window = scoreWindowOf(problem.requirements);
  if (window.min === -Infinity || window.max !== Infinity) return undefined;
  const restCount = problem.openSlots.length - needed;
  // The rest only ever takes, per rating, the cheapest cards it has room for.
  const byRating = new Map<number, number[]>();
  for (const c of problem.candidates) {
    const list = byRating.get(c.card.rating);
    if (list) list.push(c.cost);
    else byRating.set(c.card.rating, [c.cost]);
  }
  const rest = [...byRating].flatMap(([rating, costs]) =>
    costs
      .sort((a, b) => a - b)
      .slice(0, restCount)
      .map((cost) => ({ rating, cost })),
  );
  const highest = Math.max(...rest.map((item) => item.rating));
  const lagrangian = new RatingFloor(
    rest.map((item) => item.rating),
    rest.map((item) => item.cost),
    restCount,
    [0],
  );
  // A squad's rest of one rating level: per level t, the `restCount` cheapest rated t or more.
  const levels: { readonly rating: number; readonly cost: number }[] = [];
  {
    const descending = [...rest].sort((a, b) => b.rating - a.rating);
    const costs: number[] = [];
    for (let i = 0; i < descending.length; i += 1) {
      const rating = descending[i]?.rating ?? 0;
      costs.push(descending[i]?.cost ?? 0);
      if ((descending[i + 1]?.rating ?? -1) === rating || costs.length < restCount) continue;
      costs.sort((a, b) => a - b).length = Math.min(costs.length, restCount);
      levels.push({ rating, cost: costs.reduce((sum, cost) => sum + cost, 0) });
    }
  }
  /**
   * The cost of one rest that reaches the rating with the group's `best` ratings (its players all
   * rated at least the lowest level that does): the searched floor is never above it, so where
   * the group's cheapest plus it stay below the bound, the search cannot rule the group out.
   */
  const restCeiling = (best: readonly number[]): number => {
    let ceiling = Infinity;
    for (const level of levels) {
      if (ratingScore([...best, ...new Array<number>(restCount).fill(level.rating)]) < window.min) break;
      ceiling = level.cost;
    }
    return ceiling;
  };
  /** Per group: its `needed` cheapest players' cost and `needed` best ratings, highest first. */
  const groupOf = (id: number) => {
    const list = members.get(id) ?? [];
    const best = list
      .map((c) => c.card.rating)
      .sort((a, b) => b - a)
      .slice(0, needed);
    return { cost: list.slice(0, needed).reduce((sum, c) => sum + c.cost, 0), best };
  };
  const quickRest = (best: readonly number[], enough: number) =>
    lagrangian.floor(
      0,
      restCount,
      minimumRestSum(
        Int32Array.from(best),
        best.length,
        best.reduce((sum, r) => sum + r, 0),
        restCount,
        highest,
        window.min,
      ),
      enough,
    );
  /** Floors on the rest found by search, with their best ratings. */
  const searched: { readonly best: readonly number[]; readonly cost: number; readonly exact: boolean }[] = [];
  return {
    quick: (id) => {
      const group = groupOf(id);
      return group.cost + quickRest(group.best, Infinity);
    },
    atLeast: (id, enough) => {
      const group = groupOf(id);
      const cap = enough - group.cost;
      let floor = -Infinity;
      for (const known of searched) {
        if (known.cost <= floor || !known.best.every((rating, k) => rating >= (group.best[k] ?? 0))) continue;
        floor = known.cost;
        // The same ratings searched exactly: nothing more to learn.
        if (known.exact && known.best.every((rating, k) => rating === group.best[k]))
          return group.cost + floor;
      }
      if (floor >= cap) return group.cost + floor;
      const quick = quickRest(group.best, cap);
      if (quick >= cap) return group.cost + quick;
      // The search could only find the rest below the cap: the group's relaxation runs instead.
      if (restCeiling(group.best) < cap) return group.cost + quick;
      const found = cheapestRatingProfile(rest, restCount, window, cap, [], Infinity, deadline, group.best);
      if (found === 'aborted') return -Infinity;
      // Nothing below the cap: the rest costs at least the cap.
      const cost = found ? found.cost : cap;
      searched.push({ best: group.best, cost, exact: found !== null });
      return group.cost + cost;
    },
    relaxedSquad: (id) => {
      const top = [...(members.get(id) ?? [])]
        .sort((a, b) => b.card.rating - a.card.rating || a.cost - b.cost)
        .slice(0, needed);
      const ratings = top.map((c) => c.card.rating);
      const found = cheapestRatingProfile(rest, restCount, window, Infinity, [], Infinity, deadline, ratings);
      return found && found !== 'aborted' ? top.reduce((sum, c) => sum + c.cost, found.cost) : Infinity;
    },
  };
}

/** The "same group: min X" requirement the grouped relaxation strengthens the bound with. */
function sameGroupMinimum(problem: Problem): SameGroupRequirement | undefined {
  return problem.requirements.find(
    (r): r is SameGroupRequirement => r.kind === 'sameGroup' && r.scope !== 'max' && r.value >= 2,
  );
}

/**
 * Whether the grouped relaxation has per-group rating floors ("same group: min X" and a rating
 * minimum only), which make it fast enough to prove the answer within a solve.
 */
export function groupedBoundFirst(problem: Problem): boolean {
  const window = scoreWindowOf(problem.requirements);
  return (
    (!!sameGroupMinimum(problem) && window.min !== -Infinity && window.max === Infinity) ||
    groupSetsApply(problem)
  );
}

/**
 * The relaxation, strengthened for "same club/league/nation: min X": some one group must hold X
 * players, so the bound is the smallest over the groups of the relaxation with "X players from
 * that group" added as a player count (kept exactly). Groups are tried by a quick bound (their X
 * cheapest members plus the cheapest other cards) and the loop stops once no untried group can
 * go below the best exact value; past the deadline the plain relaxation's bound stands. Each
 * group's relaxation squad is also a seed, and often an eligible squad.
 */
export function groupedRelaxationBound(
  problem: Problem,
  deadline: number,
  /** A known squad's cost: groups that cannot go below it are skipped (the bound is then it). */
  upperBound = Infinity,
  /** The plain relaxation when already known (its bound holds whatever the upper bound). */
  known?: RelaxationBound,
): RelaxationResult {
  const base = known ?? withGroupCountRelaxation(problem, relaxationBound(problem, deadline, upperBound));
  if ('infeasible' in base || base.bound >= upperBound) return base;
  const bySets = groupSetRelaxation(problem, deadline, upperBound, relaxationBound);
  if (bySets) return { bound: Math.max(base.bound, bySets.bound), seeds: [...bySets.seeds, ...base.seeds] };
  const same = sameGroupMinimum(problem);
  if (!same) return base;
  const slots = problem.openSlots.length;
  const sorted = [...problem.candidates].sort((a, b) => a.cost - b.cost);
  const members = new Map<number, typeof sorted>();
  for (const c of sorted) {
    const id = groupIdOf(c.card, same.group);
    const list = members.get(id);
    if (list) list.push(c);
    else members.set(id, [c]);
  }
  const cheapest = sorted.slice(0, slots + same.value);
  const groupFloor = groupRatingFloor(problem, members, same.value, deadline);
  const quick = [...members.entries()]
    .filter(([, list]) => new Set(list.map((c) => c.assetId)).size >= same.value)
    .map(([id, list]) => {
      const taken = list.slice(0, same.value);
      const rest = cheapest.filter((c) => !taken.includes(c)).slice(0, slots - same.value);
      const cost = [...taken, ...rest].reduce((sum, c) => sum + c.cost, 0);
      return {
        id,
        bound: Math.max(base.bound, cost, Math.ceil((groupFloor?.quick(id) ?? -Infinity) - TOLERANCE)),
      };
    })
    .sort((a, b) => a.bound - b.bound);
  if (quick.length === 0) return { infeasible: `"${requirementLabel(same)}" cannot be met with the pool` };
  // Each group's relaxation only ever picks, per class (rating × count memberships), the cheapest
  // `slots` members of the group and the cheapest `slots − X` others (X of the squad are members):
  // the pool is cut to those.
  const counted = problem.requirements.filter((r): r is CountRequirement => r.kind === 'players');
  const classes = new Map<string, typeof sorted>();
  const classOf = new Map<Candidate, string>();
  for (const c of sorted) {
    const key = ratingCountClass(c, counted);
    classOf.set(c, key);
    const list = classes.get(key);
    if (list) list.push(c);
    else classes.set(key, [c]);
  }
  const others = slots - same.value;
  // Distinct players: a second copy of one player in a class (owned and market) is never picked.
  const poolFor = (id: number) => {
    const pool: typeof sorted = [];
    const inClass = new Map<string, Set<number>>();
    for (const c of members.get(id) ?? []) {
      const key = classOf.get(c) ?? '';
      const taken = inClass.get(key) ?? new Set<number>();
      inClass.set(key, taken);
      if (taken.size >= slots || taken.has(c.assetId)) continue;
      taken.add(c.assetId);
      pool.push(c);
    }
    for (const list of classes.values()) {
      const taken = new Set<number>();
      for (let k = 0; k < list.length && taken.size < others; k += 1) {
        const c = list[k] as Candidate;
        if (groupIdOf(c.card, same.group) === id || taken.has(c.assetId)) continue;
        taken.add(c.assetId);
        pool.push(c);
      }
    }
    return pool;
  };
  const seeds: (readonly number[])[] = [];
  /** Each candidate's index, built the first time a group's relaxed squad is kept. */
  let candidateIndex: Map<Candidate, number> | undefined;
  /** The least group relaxation below `limit` (else `limit`), or where the deadline stopped it. */
  const scanGroups = (limit: number): { best: number; stopped?: number } => {
    let best = limit;
    for (const { id, bound } of quick) {
      if (bound >= best) break;
      // Stopped: the groups left (quick bounds ascending) cost at least this one's quick bound, the
      // ones done at least the best so far.
      chargeWork(WORK_MS.round);
      if (workNow() > deadline) return { best, stopped: Math.max(base.bound, Math.min(best, bound)) };
      // A group whose floor reaches the best so far cannot go below it (its relaxation is skipped).
      if (groupFloor && groupFloor.atLeast(id, best) >= best) continue;
      const inGroup: SbcRequirement = {
        kind: 'players',
        scope: 'min',
        count: same.value,
        conditions: [{ type: same.group, ids: [id] }],
      };
      const candidates = poolFor(id);
      // Without a bound yet, a relaxed squad of the group's own gives its search one (unbounded,
      // the first group's search alone took seconds). Any bound is sound here: the search proves
      // that nothing below it exists, or finds what does.
      const searchBelow = best === Infinity && groupFloor ? groupFloor.relaxedSquad(id) + 1 : best;
      const result = relaxationBound(
        { ...problem, candidates, requirements: [...problem.requirements, inGroup] },
        deadline,
        searchBelow,
      );
      if ('infeasible' in result || result.bound >= best) continue;
      best = result.bound;
      // Seeds index the candidates; map the group pool's indices back.
      const index = (candidateIndex ??= new Map(problem.candidates.map((c, i) => [c, i])));
      seeds.push(
        ...result.seeds
          .slice(0, 1)
          .map((picks) => picks.map((p) => index.get(candidates[p] ?? sorted[0]!) ?? 0)),
      );
    }
    return { best };
  };
  // Thresholds between the plain bound and the known squad, as in the exact search's escalation:
  // below a low threshold far more groups are ruled out by their floor and each group's search
  // prunes sooner (Club Core below 1,648 took ~0.8 s of CPU, below 1,344 ~0.3 s). A pass that
  // finds a group below its threshold has the minimum (every other group is at or above it);
  // one that finds none raises the bound to the threshold.
  let proven = base.bound;
  let step = Number.isFinite(upperBound) ? Math.max(1, Math.ceil((upperBound - proven) / 8)) : Infinity;
  for (;;) {
    const limit = Math.min(upperBound, proven + step);
    const scanned = scanGroups(limit);
    if (scanned.stopped !== undefined)
      return { bound: Math.max(proven, scanned.stopped), seeds: [...seeds.reverse(), ...base.seeds] };
    if (scanned.best < limit || limit >= upperBound) {
      if (scanned.best === Infinity) return { infeasible: ratingInfeasible(problem.requirements, []) };
      return { bound: Math.max(base.bound, scanned.best), seeds: [...seeds.reverse(), ...base.seeds] };
    }
    proven = limit;
    step *= 2;
  }
}
