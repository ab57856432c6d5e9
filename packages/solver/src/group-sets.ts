import { groupIdOf, type SbcRequirement } from '@tradedesk/domain';
import type { RelaxationBound, RelaxationResult } from './lower-bound.js';
import type { Candidate, Problem } from './problem.js';
import { chargeWork, WORK_MS, workNow } from './work-clock.js';
import { cheapestRatingProfile } from './rating-profile.js';
import { scoreWindowOf } from './score-window.js';
import { ratingCountClass } from './rating-count-class.js';

type DistinctGroups = Extract<SbcRequirement, { kind: 'distinctGroups' }>;

/** Groups a squad may use for the scan to apply: the branching is k levels deep. */
const MAX_GROUPS = 3;

/** The "exactly k groups" requirement (k ≤ 3) of a rated challenge the set scan applies to. */
function exactGroupCount(problem: Problem): DistinctGroups | undefined {
  const window = scoreWindowOf(problem.requirements);
  if (window.min === -Infinity) return undefined;
  if (problem.requirements.some((r) => r.kind === 'sameGroup')) return undefined;
  return problem.requirements.find(
    (r): r is DistinctGroups =>
      r.kind === 'distinctGroups' && r.scope === 'exact' && r.value >= 1 && r.value <= MAX_GROUPS,
  );
}

/** Whether `groupSetRelaxation` applies (the solve then runs it after a quick squad). */
export function groupSetsApply(problem: Problem): boolean {
  return !!exactGroupCount(problem);
}

/**
 * The relaxation for "exactly k clubs / leagues / nations" (k ≤ 3) with a team rating: a squad
 * takes its cards from exactly k groups, so the bound is the least, over sets of k groups, of the
 * relaxation (rating and player counts exact) on those groups' cards with at least one from each.
 * Too many sets to try each (128 nations make 341,376 triples), so they are scanned by branch and
 * bound: a loop picks a group, scans the sets with it, and leaves it out of the loop's later
 * picks. Every squad's groups are then one path (its first group is the first of them the loop
 * picked, and so on down). Before each pick the squads still ahead use the chosen groups and the
 * groups the loop has not left out only, so the relaxation on those cards bounds them all; once
 * it reaches the best so far the loop ends (it only loses groups after that). The pick is the
 * group that bound's relaxed squad leans on most, so leaving it out raises the next bound
 * fastest; and when that squad uses just the chosen groups and the pick, it is the set's own
 * relaxation already. Every relaxation is pruned by the best so far. Undefined when it does not
 * apply or has no squad's cost to start from; stopped by the deadline, the bound is -Infinity
 * (the relaxed squad of the best set so far is still handed over).
 */
export function groupSetRelaxation(
  problem: Problem,
  deadline: number,
  upperBound: number,
  /** The plain relaxation (lower-bound's, handed in so the two modules do not import each other). */
  relax: (problem: Problem, deadline: number, upperBound: number) => RelaxationResult,
): RelaxationBound | undefined {
  const distinct = exactGroupCount(problem);
  if (!distinct || !Number.isFinite(upperBound)) return undefined;
  const { candidates } = problem;
  const kind = distinct.group;
  const groupOf = candidates.map((c) => groupIdOf(c.card, kind));
  const byGroup = new Map<number, number[]>();
  groupOf.forEach((id, i) => {
    const list = byGroup.get(id);
    if (list) list.push(i);
    else byGroup.set(id, [i]);
  });
  // Outside the chosen groups a card's class is its rating and count memberships (the chosen
  // groups' "at least one" bits are 0 for it), and the relaxation only ever picks the `slots`
  // cheapest players of a class: per class, cards by cost, walked until that many are taken.
  const slots = problem.openSlots.length;
  const counted = problem.requirements.filter(
    (r): r is Extract<SbcRequirement, { kind: 'players' }> => r.kind === 'players',
  );
  const classes = new Map<string, number[]>();
  [...candidates.keys()]
    .sort((a, b) => (candidates[a]?.cost ?? 0) - (candidates[b]?.cost ?? 0))
    .forEach((i) => {
      const key = ratingCountClass(candidates[i] as Candidate, counted);
      const list = classes.get(key);
      if (list) list.push(i);
      else classes.set(key, [i]);
    });
  const classLists = [...classes.values()];
  let best = Infinity;
  let bestSquad: number[] | undefined;
  let stopped = false;

  const window = scoreWindowOf(problem.requirements);
  const taken: number[] = [];

  /**
   * The relaxation on the chosen groups' cards and the open ones', "at least one of each chosen
   * group" added when `eachOnce`; its bound (the limit when nothing is below it, Infinity when no
   * squad at all) and its relaxed squad.
   */
  const relaxOn = (
    chosen: readonly number[],
    open: ReadonlySet<number>,
    limit: number,
    eachOnce: boolean,
  ): { bound: number; squad?: number[]; exact: boolean } => {
    const inChosen = new Set(chosen);
    // Per class the cheapest `slots` players of the pool: all the relaxation can pick when the
    // chosen groups carry no bits of their own (else they are added whole and it cuts them).
    const indices: number[] = [];
    for (const list of classLists) {
      taken.length = 0;
      for (const i of list) {
        if (taken.length >= slots) break;
        const id = groupOf[i] ?? 0;
        if (eachOnce ? !open.has(id) : !(open.has(id) || inChosen.has(id))) continue;
        const asset = (candidates[i] as Candidate).assetId;
        if (taken.includes(asset)) continue;
        taken.push(asset);
        indices.push(i);
      }
    }
    if (eachOnce) for (const id of chosen) indices.push(...(byGroup.get(id) ?? []));
    if (counted.length === 0 && !eachOnce) {
      // Ratings only: the profile search on the cut directly (what the relaxation would run).
      // A check over open groups only asks whether anything is below the limit (and for a squad
      // to pick from): the first answer below it will do. A set's own value must be its least.
      const firstBelow = open.size > 0;
      const found = cheapestRatingProfile(
        indices.map((i) => ({ rating: candidates[i]?.card.rating ?? 0, cost: candidates[i]?.cost ?? 0 })),
        slots,
        window,
        limit,
        [],
        Infinity,
        deadline,
        [],
        firstBelow,
      );
      if (found === 'aborted') {
        // Past the deadline: the pass is void (the scan returns the thresholds passed).
        stopped = true;
        return { bound: Infinity, exact: true };
      }
      if (!found) return { bound: Number.isFinite(limit) ? limit : Infinity, exact: true };
      return {
        bound: Math.ceil(found.cost - 1e-6),
        squad: found.picks.map((p) => indices[p] ?? 0),
        exact: !firstBelow,
      };
    }
    const eachChosen: SbcRequirement[] = (eachOnce ? chosen : []).map((id) => ({
      kind: 'players',
      scope: 'min',
      count: 1,
      conditions: [{ type: kind, ids: [id] }],
    }));
    const result = relax(
      {
        ...problem,
        candidates: indices.map((i) => candidates[i] as Candidate),
        requirements: [...problem.requirements, ...eachChosen],
      },
      deadline,
      limit,
    );
    if ('infeasible' in result) return { bound: Infinity, exact: true };
    const picks = result.seeds[0];
    return picks
      ? { bound: result.bound, squad: picks.map((p) => indices[p] ?? 0), exact: true }
      : { bound: result.bound, exact: true };
  };
  const groupsOf = (squad: readonly number[]) => new Set(squad.map((i) => groupOf[i] ?? 0));
  const bySize = [...byGroup.keys()].sort(
    (a, b) => (byGroup.get(b)?.length ?? 0) - (byGroup.get(a)?.length ?? 0),
  );

  /** The sets of k groups that hold `chosen` and groups of `open` only. */
  const scan = (chosen: readonly number[], open: Set<number>): void => {
    while (open.size > 0) {
      chargeWork(WORK_MS.round);
      if (workNow() > deadline) {
        stopped = true;
        return;
      }
      const ahead = relaxOn(chosen, open, best, false);
      if (stopped || ahead.bound >= best) return;
      // The open group the relaxed squad uses most (the largest when it uses none).
      const uses = new Map<number, number>();
      for (const i of ahead.squad ?? []) {
        const id = groupOf[i] ?? 0;
        if (open.has(id)) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      let pick = [...uses.keys()][0] ?? bySize.find((id) => open.has(id)) ?? 0;
      for (const [id, count] of uses) if (count > (uses.get(pick) ?? 0)) pick = id;
      open.delete(pick);
      const next = [...chosen, pick];
      if (next.length < distinct.value) {
        scan(next, new Set(open));
        if (stopped) return;
        continue;
      }
      // The set's own relaxation: the bound ahead already when its squad uses exactly these
      // groups; else without "at least one of each" first (each count multiplies the search's
      // cells), then with it when that squad leaves a group out.
      const used = ahead.squad && groupsOf(ahead.squad);
      const exactlyThese =
        ahead.exact && used && used.size === next.length && next.every((id) => used.has(id));
      let own = exactlyThese ? ahead : relaxOn(next, new Set(), best, false);
      if (own.bound < best && !(own.squad && groupsOf(own.squad).size === next.length))
        own = relaxOn(next, new Set(), best, true);
      if (stopped) return;
      if (own.bound < best) {
        best = own.bound;
        bestSquad = own.squad;
      }
    }
  };
  // One pass below the known squad: thresholds rising from the plain bound (as the grouped
  // relaxation's) repeated the scan and cost more than they pruned (Three Nations: ~550 against
  // ~300 ms of CPU from 2,393).
  best = upperBound;
  scan([], new Set(byGroup.keys()));
  const seeds = bestSquad ? [bestSquad] : [];
  // Stopped, nothing is proven, but the best set's relaxed squad may still be the answer.
  return stopped ? { bound: -Infinity, seeds } : { bound: best, seeds };
}
