import {
  groupIdOf,
  matchesCondition,
  ratingScore,
  requirementLabel,
  type SbcRequirement,
} from '@tradedesk/domain';
import { withGroupCountRelaxation } from './group-count.js';
import { groupSetRelaxation, groupSetsApply } from './group-sets.js';
import type { Candidate, Problem } from './problem.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';
import { minimumRestSum, RatingFloor } from './rating-floor.js';
import { cheapestRatingProfile, scoreWindowOf } from './rating-profile.js';
import { ratingCountClass } from './rating-count-class.js';

type CountRequirement = Extract<SbcRequirement, { kind: 'players' }>;

export interface RelaxationBound {
  /** A sound lower bound on the cost of any eligible squad (whole coins). */
  readonly bound: number;
  /** Candidate index sets the relaxation picked (starting points for the search). */
  readonly seeds: readonly (readonly number[])[];
}

export type RelaxationResult = RelaxationBound | { readonly infeasible: string };

const TOLERANCE = 1e-6;
/** Up to this many player-count requirements are kept exactly in the profile search (2^n cells per rating). */
const EXACT_COUNT_LIMIT = 3;
/**
 * Search nodes the exact relaxation may use before the Lagrangian one takes over (it also stops
 * at its deadline); the solve runs it again, pruned by its answer, where the first pass gave up.
 * With the rating floor a node costs more but far fewer are needed: Rare English's exact
 * relaxation takes ~115,000 (it gave up at the old 100,000 and fell back to a bound 10 % lower),
 * Brazil or Argentina's ~90,000 (1.2 million without the floor).
 */
const EXACT_NODE_LIMIT = 1_000_000;
/** The exact relaxation's share of the time to the deadline (the Lagrangian one has the rest). */
const EXACT_TIME_SHARE = 0.7;

function ratingInfeasible(
  requirements: readonly SbcRequirement[],
  counted: readonly CountRequirement[],
): string {
  const rating = requirements.find((r) => r.kind === 'teamRating');
  if (rating && counted.length === 0) return `"${requirementLabel(rating)}" cannot be met with the pool`;
  const involved: SbcRequirement[] = rating ? [rating, ...counted] : [...counted];
  const names = involved.map((r) => `"${requirementLabel(r)}"`);
  return names.length > 0
    ? `${names.join(' together with ')} cannot be met with the pool`
    : 'The pool has too few players for the squad';
}

/** The relaxation solved exactly: rating window and player counts both inside the profile search. */
function exactRelaxation(
  problem: Problem,
  counted: readonly CountRequirement[],
  members: readonly (readonly number[])[],
  kept: readonly number[],
  upperBound: number,
  deadline: number,
): RelaxationResult | 'aborted' {
  const { candidates, openSlots, requirements } = problem;
  const window = scoreWindowOf(requirements);
  // Without a rating requirement ratings do not matter: one cell per membership class.
  const rated = Number.isFinite(window.min) || Number.isFinite(window.max);
  const items = kept.map((i) => ({
    rating: rated ? (candidates[i]?.card.rating ?? 0) : 0,
    cost: candidates[i]?.cost ?? 0,
    classBits: members.reduce((bits, column, j) => bits | ((column[i] ?? 0) << j), 0),
  }));
  const constraints = counted.map((r, j) => ({ bit: j, scope: r.scope, count: r.count }));
  const profile = cheapestRatingProfile(
    items,
    openSlots.length,
    window,
    upperBound,
    constraints,
    EXACT_NODE_LIMIT,
    deadline,
  );
  if (profile === 'aborted') return profile;
  // With an upper bound, "nothing found" means nothing below it: the bound is the upper bound.
  if (!profile && Number.isFinite(upperBound)) return { bound: upperBound, seeds: [] };
  if (!profile) return { infeasible: ratingInfeasible(requirements, counted) };
  return { bound: Math.ceil(profile.cost - TOLERANCE), seeds: [profile.picks.map((p) => kept[p] ?? 0)] };
}

/**
 * A lower bound from the relaxation that keeps the team rating and every player-count requirement
 * and drops chemistry, same-group and distinct-group requirements and asset uniqueness. Up to 3
 * counts it is solved exactly inside the rating-profile search; past that (or past the search's
 * node limit) the counts move into the prices by Lagrange multipliers (subgradient steps), each
 * multiplier vector giving a valid bound. With a finite `upperBound` the answer may be that
 * bound itself, meaning "nothing cheaper exists".
 */
export function relaxationBound(problem: Problem, deadline: number, upperBound = Infinity): RelaxationResult {
  const { candidates, openSlots, requirements } = problem;
  const count = openSlots.length;
  const window = scoreWindowOf(requirements);
  const counted = requirements.filter((r): r is CountRequirement => r.kind === 'players');
  const members = counted.map((requirement) =>
    candidates.map((c) => (requirement.conditions.every((cond) => matchesCondition(c.card, cond)) ? 1 : 0)),
  );
  for (const [index, requirement] of counted.entries()) {
    const matching = members[index]?.reduce((sum: number, bit) => sum + bit, 0) ?? 0;
    const unmatched = candidates.length - matching;
    const impossible =
      (requirement.scope !== 'max' && matching < requirement.count) ||
      (requirement.scope !== 'min' && unmatched < count - requirement.count);
    if (impossible) return { infeasible: `"${requirementLabel(requirement)}" cannot be met with the pool` };
  }
  // Lagrange prices shift every card of one rating and one set of requirement memberships by the
  // same amount, so only the cheapest `count` cards of each such class can be picked; and of two
  // cards of one player (an owned and a market copy) in a class only the cheaper. Keeping just
  // those keeps the relaxation exact and makes each step fast.
  const classes = new Map<string, number[]>();
  candidates.forEach((candidate, i) => {
    const key = `${candidate.card.rating}|${members.map((m) => m[i]).join('')}`;
    const list = classes.get(key);
    if (list) list.push(i);
    else classes.set(key, [i]);
  });
  const kept: number[] = [];
  for (const list of classes.values()) {
    list.sort((a, b) => (candidates[a]?.cost ?? 0) - (candidates[b]?.cost ?? 0));
    const assets = new Set<number>();
    for (const i of list) {
      if (assets.size >= count) break;
      const asset = candidates[i]?.assetId ?? 0;
      if (!assets.has(asset)) {
        assets.add(asset);
        kept.push(i);
      }
    }
  }
  if (counted.length <= EXACT_COUNT_LIMIT) {
    // Stopped by the clock, the exact search would leave the Lagrangian bound no time at all.
    const exactDeadline = workNow() + Math.max(0, deadline - workNow()) * EXACT_TIME_SHARE;
    const exact = exactRelaxation(problem, counted, members, kept, upperBound, exactDeadline);
    if (exact !== 'aborted') return exact;
  }
  const multipliers = counted.map(() => 0);
  // Sign of a multiplier's price change: min pulls matching cards cheaper, max pushes them dearer.
  const sign = (requirement: CountRequirement) => (requirement.scope === 'max' ? -1 : 1);
  let best = -Infinity;
  const seeds: number[][] = [];
  let step = 2;
  let sinceImproved = 0;
  const typicalCost = candidates.reduce((sum, c) => sum + c.cost, 0) / Math.max(1, candidates.length);
  for (let iteration = 0; iteration < 60; iteration += 1) {
    const items = kept.map((i) => ({
      rating: candidates[i]?.card.rating ?? 0,
      cost:
        (candidates[i]?.cost ?? 0) -
        counted.reduce((sum, r, j) => sum + sign(r) * (multipliers[j] ?? 0) * (members[j]?.[i] ?? 0), 0),
    }));
    const profile = cheapestRatingProfile(items, count, window);
    const answer = profile &&
      profile !== 'aborted' && { cost: profile.cost, picks: profile.picks.map((p) => kept[p] ?? 0) };
    if (!answer) return { infeasible: ratingInfeasible(requirements, []) };
    const constant = counted.reduce((sum, r, j) => sum + sign(r) * (multipliers[j] ?? 0) * r.count, 0);
    const value = answer.cost + constant;
    if (value > best + TOLERANCE) {
      best = value;
      sinceImproved = 0;
    } else sinceImproved += 1;
    seeds.push([...answer.picks]);
    // Subgradient: how far each count is from its target, in the direction that tightens it.
    const gradient = counted.map((r, j) => {
      const matched = answer.picks.reduce((sum, index) => sum + (members[j]?.[index] ?? 0), 0);
      return sign(r) * (r.count - matched);
    });
    const norm = gradient.reduce((sum, g) => sum + g * g, 0);
    const slackFree = counted.every((r, j) => {
      const g = gradient[j] ?? 0;
      const m = multipliers[j] ?? 0;
      return r.scope === 'exact' ? g === 0 : g <= 0 && (m === 0 || g === 0);
    });
    chargeWork(WORK_MS.round);
    if (counted.length === 0 || slackFree || norm === 0 || workNow() > deadline) break;
    if (sinceImproved >= 4) {
      step /= 2;
      sinceImproved = 0;
    }
    const target = Number.isFinite(upperBound) ? upperBound : best + typicalCost * count * 0.1 + 1;
    const length = (step * Math.max(target - best, 1)) / norm;
    counted.forEach((r, j) => {
      const next = (multipliers[j] ?? 0) + length * (gradient[j] ?? 0);
      multipliers[j] = r.scope === 'exact' ? next : Math.max(0, next);
    });
  }
  return { bound: Math.ceil(best - TOLERANCE), seeds };
}

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
