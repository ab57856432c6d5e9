/** The card groups and lift prices of the "every player ≥ m" search, and what it needs to search a team chemistry total as a loss budget. */
import {
  isRestrictedClub,
  isRestrictedLeague,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
} from '@tradedesk/domain';
import { ChemistryGainCeiling, type GroupKindCounts } from './chemistry-gain.js';
import { lowerBound } from './last-card-index.js';
import type { Candidate, Problem } from './problem.js';

/** One group kind: each card's dense group id (−1: none) and each group's members in card order. */
export interface CardGroups {
  readonly ids: Int32Array;
  readonly members: Int32Array[];
}

const NO_GROUP = Number.MIN_SAFE_INTEGER;

/** Dense ids per card (−1: no group, as a restricted club or league), and each group's members in card order. */
function groupsOf(keys: readonly number[]): CardGroups {
  const dense = new Map<number, number>();
  const ids = new Int32Array(keys.length);
  const lists: number[][] = [];
  keys.forEach((key, card) => {
    if (key === NO_GROUP) {
      ids[card] = -1;
      return;
    }
    let id = dense.get(key);
    if (id === undefined) {
      id = lists.length;
      dense.set(key, id);
      lists.push([]);
    }
    ids[card] = id;
    lists[id]?.push(card);
  });
  return { ids, members: lists.map((list) => Int32Array.from(list)) };
}

/** The cards' clubs, leagues and nations as group kinds. */
export function cardGroups(cards: readonly Candidate[]): readonly [CardGroups, CardGroups, CardGroups] {
  return [
    groupsOf(cards.map((c) => (isRestrictedClub(c.card.clubId) ? NO_GROUP : normalizeClubId(c.card.clubId)))),
    groupsOf(cards.map((c) => (isRestrictedLeague(c.card.leagueId) ? NO_GROUP : c.card.leagueId))),
    groupsOf(cards.map((c) => c.card.nationId)),
  ];
}

/** The least cost of the t cheapest cards from `from` on sharing a group with card `card`. */
export function liftCost(
  kinds: readonly CardGroups[],
  cost: Float64Array,
  card: number,
  t: number,
  from: number,
): number {
  const n = cost.length;
  const lists: Int32Array[] = [];
  const at: number[] = [];
  for (let k = 0; k < 3; k += 1) {
    const id = kinds[k]?.ids[card] ?? -1;
    const list = id >= 0 ? kinds[k]?.members[id] : undefined;
    if (list) {
      lists.push(list);
      at.push(lowerBound(list, from));
    }
  }
  let sum = 0;
  for (let taken = 0; taken < t; taken += 1) {
    let next = n;
    for (let l = 0; l < lists.length; l += 1) next = Math.min(next, lists[l]?.[at[l] ?? 0] ?? n);
    if (next >= n) return Infinity;
    sum += cost[next] ?? 0;
    for (let l = 0; l < lists.length; l += 1) if (lists[l]?.[at[l] ?? 0] === next) at[l] = (at[l] ?? 0) + 1;
  }
  return sum;
}

/**
 * What the search asks: `least` points of every player, short by at most `lossBudget` points in
 * all (a player out of position is short by `least`). "Every player ≥ m" is m with no loss.
 */
export interface ChemistryTarget {
  readonly least: number;
  readonly lossBudget: number;
}

/**
 * Team chemistry ≥ T as a loss budget, when the requirements are team chemistry minima alone:
 * every player's 3 points, short by at most 3 × slots − T in all.
 */
export function teamChemistryTarget(problem: Problem): ChemistryTarget | undefined {
  let team = 0;
  for (const r of problem.requirements) {
    if (r.kind !== 'chemistry' || r.scope !== 'min') return undefined;
    team = Math.max(team, r.value);
  }
  const full = problem.openSlots.length * MAX_PLAYER_CHEMISTRY;
  return team >= 1 && team <= full ? { least: MAX_PLAYER_CHEMISTRY, lossBudget: full - team } : undefined;
}

/**
 * The chosen players' loss when the cards to come share their increments (each joins one club,
 * one league and one nation): `least` each less the knapsack ceiling of `ChemistryGainCeiling`,
 * counting as members to come only the cards affordable beside the cheapest others.
 */
export class SharedLifts {
  private readonly ceiling: ChemistryGainCeiling;
  private readonly kinds: GroupKindCounts[];
  /** The members to come: card indices in [from, end). */
  private from = 0;
  private end = 0;

  constructor(
    slots: number,
    groups: readonly CardGroups[],
    thresholds: readonly (readonly number[])[],
    counts: readonly Int32Array[],
    private readonly cost: Float64Array,
  ) {
    this.ceiling = new ChemistryGainCeiling(slots);
    this.kinds = groups.map((kind, k) => ({
      thresholds: thresholds[k] ?? [],
      ids: kind.ids,
      count: counts[k] as Int32Array,
      left: (g: number) => {
        const list = g >= 0 ? kind.members[g] : undefined;
        return list ? lowerBound(list, this.end) - lowerBound(list, this.from) : 0;
      },
    }));
  }

  /**
   * The least loss of the first `size` chosen cards with r cards to come from `from` on, each
   * costing less than `room` (the budget less the r − 1 cheapest others).
   */
  loss(chosen: Int32Array, size: number, least: number, from: number, r: number, room: number): number {
    let lo = from;
    let hi = this.cost.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cost[mid] ?? 0) < room) lo = mid + 1;
      else hi = mid;
    }
    this.from = from;
    this.end = lo;
    return least * size - this.ceiling.chosenCeiling(chosen, size, this.kinds, r);
  }
}
