import {
  groupIdOf,
  matchesCondition,
  requirementLabel,
  type GroupKind,
  type SbcRequirement,
} from '@tradedesk/domain';
import type { RelaxationBound, RelaxationResult } from './lower-bound.js';
import type { Problem } from './problem.js';

type DistinctGroups = Extract<SbcRequirement, { kind: 'distinctGroups' }>;

/**
 * The relaxation by distinct groups ("clubs / leagues / nations: exactly, at most or at least k"),
 * for challenges without a team rating: positions only change chemistry, so without a rating a
 * squad is a set of cards, and a squad with some players of a group takes that group's cheapest
 * ones. It is solved exactly by dynamic programming over the groups: how many cards each group
 * gives (its cheapest, one card per player), with states for the groups used so far, the cards so
 * far and every player count whose condition takes whole groups (Real Madrid or Barcelona: min 2).
 * What it drops: the team rating is absent by definition; chemistry, other requirements and
 * player counts whose condition splits a group; and one card per player across two groups (an
 * owned and a market copy of one player sit in the same group, so that only matters for versions
 * at different clubs). So its value is a sound lower bound, and its squad, when the exact
 * evaluator accepts it, is an optimum. Undefined when it does not apply.
 */
export function groupCountRelaxation(problem: Problem): RelaxationResult | undefined {
  const { candidates, requirements } = problem;
  const slots = problem.openSlots.length;
  const distinct = requirements.find((r): r is DistinctGroups => r.kind === 'distinctGroups');
  if (!distinct || !groupCountApplies(problem)) return undefined;
  const kind = distinct.group;
  const groupIds = [...new Set(candidates.map((c) => groupIdOf(c.card, kind)))];
  const groupIndex = new Map(groupIds.map((id, g) => [id, g]));
  // Per group: its candidates by cost, one per player (the cheaper copy), at most `slots`.
  const members: number[][] = groupIds.map(() => []);
  const order = candidates
    .map((_, i) => i)
    .sort((a, b) => (candidates[a]?.cost ?? 0) - (candidates[b]?.cost ?? 0));
  const seenAssets: Set<number>[] = groupIds.map(() => new Set());
  for (const i of order) {
    const candidate = candidates[i];
    if (!candidate) continue;
    const g = groupIndex.get(groupIdOf(candidate.card, kind)) ?? 0;
    const list = members[g] ?? [];
    const assets = seenAssets[g] ?? new Set<number>();
    if (list.length >= slots || assets.has(candidate.assetId)) continue;
    assets.add(candidate.assetId);
    list.push(i);
  }
  const counts = wholeGroupCounts(problem, kind, groupIndex, groupIds.length);
  const perGroupCap = sameGroupCap(requirements, kind, slots);
  const groupLimit = Math.min(distinct.value, slots);
  if (distinct.scope !== 'max' && distinct.value > slots)
    return { infeasible: `"${requirementLabel(distinct)}" cannot be met with the pool` };
  return solveByGroups(problem, distinct, groupLimit, perGroupCap, members, counts);
}

/** "Same group: max X" on the same kind caps what one group may give; else the squad's size. */
function sameGroupCap(requirements: readonly SbcRequirement[], kind: GroupKind, slots: number): number {
  let cap = slots;
  for (const r of requirements)
    if (r.kind === 'sameGroup' && r.group === kind && r.scope !== 'min') cap = Math.min(cap, r.value);
  return cap;
}

interface WholeGroupCount {
  readonly scope: 'min' | 'max' | 'exact';
  readonly count: number;
  /** Per group index: whether its players count. */
  readonly inGroup: readonly boolean[];
}

/**
 * The player counts whose condition every card of a group meets or none does (a condition on
 * the group itself, or one every pool card meets): those are kept exactly, the others dropped.
 */
function wholeGroupCounts(
  problem: Problem,
  kind: GroupKind,
  groupIndex: ReadonlyMap<number, number>,
  groups: number,
): WholeGroupCount[] {
  const kept: WholeGroupCount[] = [];
  for (const requirement of problem.requirements) {
    if (requirement.kind !== 'players') continue;
    const verdict: (boolean | undefined)[] = new Array<boolean | undefined>(groups).fill(undefined);
    let whole = true;
    for (const c of problem.candidates) {
      const g = groupIndex.get(groupIdOf(c.card, kind)) ?? 0;
      const matches = requirement.conditions.every((cond) => matchesCondition(c.card, cond));
      if (verdict[g] === undefined) verdict[g] = matches;
      else if (verdict[g] !== matches) {
        whole = false;
        break;
      }
    }
    if (whole)
      kept.push({
        scope: requirement.scope,
        count: requirement.count,
        inGroup: verdict.map((v) => v === true),
      });
  }
  return kept;
}

/**
 * The DP itself. A state is (groups used, cards taken, each kept count's value); a min count and a
 * min number of groups saturate at their target, a max or exact one dies past it. Groups are
 * taken in turn, each giving 0 or 1..cap of its cheapest players.
 */
function solveByGroups(
  problem: Problem,
  distinct: DistinctGroups,
  groupLimit: number,
  perGroupCap: number,
  members: readonly (readonly number[])[],
  counts: readonly WholeGroupCount[],
): RelaxationResult {
  const { candidates } = problem;
  const slots = problem.openSlots.length;
  // Mixed radix: groups used (0..groupLimit), cards (0..slots), then each count (0..its target).
  const radices = [groupLimit + 1, slots + 1, ...counts.map((c) => c.count + 1)];
  const strides: number[] = [];
  let size = 1;
  for (const radix of radices) {
    strides.push(size);
    size *= radix;
  }
  const [groupStride = 1, cardStride = 1] = strides;
  const countStrides = strides.slice(2);
  const decode = (state: number, axis: number) =>
    Math.floor(state / (strides[axis] ?? 1)) % (radices[axis] ?? 1);
  /** The state after a group gives `take` cards, or -1 when a max or exact target is passed. */
  const advance = (state: number, g: number, take: number): number => {
    const used = decode(state, 0);
    let next = state + take * cardStride;
    if (used < groupLimit) next += groupStride;
    else if (distinct.scope !== 'min') return -1;
    for (let k = 0; k < counts.length; k += 1) {
      const count = counts[k];
      if (!count?.inGroup[g]) continue;
      const have = decode(state, k + 2);
      const total = have + take;
      if (total > count.count) {
        if (count.scope !== 'min') return -1;
        next += (count.count - have) * (countStrides[k] ?? 1);
      } else next += take * (countStrides[k] ?? 1);
    }
    return next;
  };
  let cost = new Float64Array(size).fill(Infinity);
  cost[0] = 0;
  // Per group, for each state after it: the cards it gave on the best way in, and the state before.
  const choices: Uint8Array[] = [];
  const parents: Int32Array[] = [];
  members.forEach((list, g) => {
    const prefix = [0];
    for (const i of list.slice(0, perGroupCap))
      prefix.push((prefix[prefix.length - 1] ?? 0) + (candidates[i]?.cost ?? 0));
    const next = Float64Array.from(cost);
    const choice = new Uint8Array(size);
    const parent = new Int32Array(size);
    for (let state = 0; state < size; state += 1) {
      const before = cost[state] ?? Infinity;
      if (before === Infinity) continue;
      const room = slots - decode(state, 1);
      for (let take = 1; take < prefix.length && take <= room; take += 1) {
        const to = advance(state, g, take);
        const value = before + (prefix[take] ?? 0);
        if (to >= 0 && value < (next[to] ?? Infinity)) {
          next[to] = value;
          choice[to] = take;
          parent[to] = state;
        }
      }
    }
    choices.push(choice);
    parents.push(parent);
    cost = next;
  });
  let best = -1;
  for (let state = 0; state < size; state += 1) {
    if (decode(state, 1) !== slots || (cost[state] ?? Infinity) === Infinity) continue;
    const used = decode(state, 0);
    const groupsMet = distinct.scope === 'max' ? used <= distinct.value : used === distinct.value;
    // A min count saturates at its target and a max one never passes it.
    const countsMet = counts.every((c, k) => c.scope === 'max' || decode(state, k + 2) === c.count);
    if (groupsMet && countsMet && (best < 0 || (cost[state] ?? 0) < (cost[best] ?? 0))) best = state;
  }
  if (best < 0) return { infeasible: `"${requirementLabel(distinct)}" cannot be met with the pool` };
  // The squad: back from the last group, each group's cheapest players it gave.
  const picks: number[] = [];
  let at = best;
  for (let g = members.length - 1; g >= 0 && at > 0; g -= 1) {
    const take = choices[g]?.[at] ?? 0;
    if (take === 0) continue;
    picks.push(...(members[g] ?? []).slice(0, take));
    at = parents[g]?.[at] ?? 0;
  }
  return { bound: Math.ceil((cost[best] ?? 0) - 1e-6), seeds: [picks] };
}

/** Whether `groupCountRelaxation` applies: a group count, no team rating, open slots. */
export function groupCountApplies(problem: Problem): boolean {
  const { requirements } = problem;
  return (
    problem.openSlots.length > 0 &&
    requirements.some((r) => r.kind === 'distinctGroups') &&
    !requirements.some((r) => r.kind === 'teamRating')
  );
}

/** The stronger of the plain relaxation and the group-count one (both are sound bounds). */
export function withGroupCountRelaxation(problem: Problem, plain: RelaxationResult): RelaxationResult {
  if ('infeasible' in plain) return plain;
  const grouped = groupCountRelaxation(problem);
  if (!grouped) return plain;
  if ('infeasible' in grouped) return grouped;
  const stronger: RelaxationBound =
    grouped.bound > plain.bound ? { bound: grouped.bound, seeds: [...grouped.seeds, ...plain.seeds] } : plain;
  return stronger;
}
