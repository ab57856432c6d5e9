/** The construction's groups (a nation, league or club and its useful members) and the chemistry a plan of them gives. */
import {
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isRestrictedClub,
  isRestrictedLeague,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
  type ChemistryProfile,
  type GroupKind,
} from '@tradedesk/domain';
import type { Candidate, Problem } from './problem.js';
import { placeQuotas } from './quota-flow.js';

/** Members kept per group and slot (the cheapest in position): a quota never needs more. */
const MEMBERS_PER_SLOT = 4;
/** Cards a plan may leave out of its groups (counted with no chemistry). */
export const MAX_FILLERS = 3;

/** A group of one dimension (a league, nation or club) and its cards that can play a slot. */
export interface Group {
  readonly kind: GroupKind;
  readonly id: number;
  readonly members: readonly Candidate[];
  /** floor[k]: the k cheapest members' costs summed, a floor on placing k of them. */
  readonly floor: readonly number[];
  /** curve[k]: the least cost of k members placed in position (Infinity past the most); lazy. */
  curve?: readonly number[];
}

/** The group's least cost of k members placed in position, each k (a min-cost flow, once). */
export function curveOf(problem: Problem, group: Group): readonly number[] {
  if (!group.curve) {
    const curve: number[] = [];
    placeQuotas(problem, [group.members], [problem.openSlots.length], curve);
    group.curve = curve;
  }
  return group.curve;
}

/** A squad plan: k players of each of a few groups of one kind, a special card and fillers. */
export interface Structure {
  readonly parts: readonly { readonly group: Group; readonly quota: number }[];
  readonly special?: Candidate;
  readonly fillers: number;
  /** Σ of the parts' own cheapest placements: a floor on the plan's placed cost. */
  readonly estimate: number;
}

export const thresholdsOf = (kind: GroupKind) => CHEMISTRY_THRESHOLDS[kind];
/** A group's points at `count` members (thresholds: the kind's three; no array made: the search calls it at every node). */
export const pointsAt = (count: number, thresholds: readonly number[]) =>
  (count >= (thresholds[0] ?? Infinity) ? 1 : 0) +
  (count >= (thresholds[1] ?? Infinity) ? 1 : 0) +
  (count >= (thresholds[2] ?? Infinity) ? 1 : 0);

/** What a special card adds to a group of the structure's kind (the domain's profile rules). */
export function specialBonus(special: Candidate | undefined, group: Group): number {
  if (!special) return 0;
  const profile: ChemistryProfile = chemistryProfileOf(special.card);
  const { card } = special;
  if (group.kind === 'league')
    return (
      profile.everyLeague +
      (card.leagueId === group.id && !isRestrictedLeague(card.leagueId) ? profile.league : 0)
    );
  if (group.kind === 'nation') return card.nationId === group.id ? profile.nation : 0;
  return normalizeClubId(card.clubId) === group.id && !isRestrictedClub(card.clubId) ? profile.club : 0;
}

/** Chemistry of quotas of one kind, each count raised by `bonus` (total, least of a player). */
export function quotaChemistry(
  kind: GroupKind,
  quotas: readonly number[],
  bonus: number | readonly number[],
  fillers: number,
  special: Candidate | undefined,
): { total: number; least: number } {
  let total = special ? (chemistryProfileOf(special.card).fixedChemistry ?? 0) : 0;
  let least = fillers > 0 ? 0 : MAX_PLAYER_CHEMISTRY;
  quotas.forEach((quota, i) => {
    const raised = quota + (typeof bonus === 'number' ? bonus : (bonus[i] ?? 0));
    const points = Math.min(MAX_PLAYER_CHEMISTRY, pointsAt(raised, thresholdsOf(kind)));
    total += quota * points;
    least = Math.min(least, points);
  });
  return { total, least };
}

/** Chemistry a structure gives by its own kind alone (total, and the least of a player). */
export function structureChemistry(structure: Omit<Structure, 'estimate'>): { total: number; least: number } {
  const { parts, special, fillers } = structure;
  const kind = parts[0]?.group.kind ?? 'league';
  return quotaChemistry(
    kind,
    parts.map((p) => p.quota),
    parts.map((p) => specialBonus(special, p.group)),
    fillers,
    special,
  );
}

export const isSpecial = (c: Candidate) => chemistryProfileOf(c.card).fixedChemistry !== undefined;

function groupKey(c: Candidate, kind: GroupKind): number | undefined {
  if (kind === 'club') return isRestrictedClub(c.card.clubId) ? undefined : normalizeClubId(c.card.clubId);
  if (kind === 'league') return isRestrictedLeague(c.card.leagueId) ? undefined : c.card.leagueId;
  return c.card.nationId;
}

/** Each group's members worth placing (per slot the cheapest distinct players) and its curve. */
export function groupsOf(problem: Problem, sorted: readonly Candidate[], kind: GroupKind): Group[] {
  const byId = new Map<number, Candidate[]>();
  for (const c of sorted) {
    const id = groupKey(c, kind);
    if (id === undefined || c.positionMask === 0 || isSpecial(c)) continue;
    const list = byId.get(id);
    if (list) list.push(c);
    else byId.set(id, [c]);
  }
  const groups: Group[] = [];
  for (const [id, all] of byId) {
    const perSlot = new Map<number, number>();
    const assets = new Set<number>();
    const members = all.filter((c) => {
      if (assets.has(c.assetId)) return false;
      const useful = problem.openSlots.some(
        (slot) => c.positionMask & (1 << slot) && (perSlot.get(slot) ?? 0) < MEMBERS_PER_SLOT,
      );
      if (!useful) return false;
      assets.add(c.assetId);
      for (const slot of problem.openSlots)
        if (c.positionMask & (1 << slot)) perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
      return true;
    });
    const floor = [0];
    for (const member of members) floor.push((floor.at(-1) ?? 0) + member.cost);
    groups.push({ kind, id, members, floor });
  }
  return groups;
}

/** The most players of one group a squad may hold ("same club/league/nation: max X"). */
export function groupCap(problem: Problem, kind: GroupKind): number {
  let cap = problem.openSlots.length;
  for (const r of problem.requirements)
    if (r.kind === 'sameGroup' && r.group === kind && r.scope !== 'min') cap = Math.min(cap, r.value);
  return cap;
}
