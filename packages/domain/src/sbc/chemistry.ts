import { isInPosition } from './formations.js';
import {
  BASE_PROFILE,
  chemistryProfileOf,
  isRestrictedClub,
  isRestrictedLeague,
  normalizeClubId,
} from './special-cards.js';
import type { ChemistryProfile, SbcSquad } from './squad.js';
import { isBrick } from './squad.js';

/** Players (contribution) needed for 1, 2 and 3 points (SBC.md §1.1). */
export const CHEMISTRY_THRESHOLDS = Object.freeze({
  club: Object.freeze([2, 4, 7]),
  league: Object.freeze([3, 5, 8]),
  nation: Object.freeze([2, 5, 8]),
});
export const MAX_PLAYER_CHEMISTRY = 3;
export const MAX_SQUAD_CHEMISTRY = 33;

export interface SquadChemistry {
  /** Chemistry of each slot (0 for empty, plain-brick and out-of-position slots). */
  readonly perSlot: readonly number[];
  /** Whether each slot counts as in position (custom bricks always do). */
  readonly inPosition: readonly boolean[];
  readonly total: number;
}

/** A slot that takes part in chemistry: its groups and the profile it contributes with. */
interface Contributor {
  readonly slot: number;
  readonly clubId: number;
  readonly leagueId: number;
  readonly nationId: number;
  readonly profile: ChemistryProfile;
}

function pointsFor(count: number, thresholds: readonly number[]): number {
  return thresholds.filter((needed) => count >= needed).length;
}

function addTo(counts: Map<number, number>, id: number, amount: number): void {
  if (amount !== 0) counts.set(id, (counts.get(id) ?? 0) + amount);
}

/** In-position cards and custom bricks; out-of-position cards add nothing (SBC.md §1.2). */
function contributorsOf(squad: SbcSquad): Contributor[] {
  const contributors: Contributor[] = [];
  squad.slots.forEach((slot, index) => {
    if (slot === null) return;
    if (isBrick(slot)) {
      if (slot.brick === 'custom') contributors.push({ slot: index, ...slot, profile: BASE_PROFILE });
      return;
    }
    if (!isInPosition(slot.positions, squad.positions[index] ?? '')) return;
    const { clubId, leagueId, nationId } = slot;
    contributors.push({ slot: index, clubId, leagueId, nationId, profile: chemistryProfileOf(slot) });
  });
  return contributors;
}

/**
 * Chemistry of a squad, the web app's routine re-implemented (SBC.md §1.4): in-position
 * contributions are summed per normalised club, league and nation (restricted icon/hero groups
 * skipped), "every league" contributions go to each league that has an in-position player, each
 * player gets the points of the thresholds his three groups reach, capped at 3; fixed-chemistry
 * profiles (icons, heroes) in position get their fixed value.
 */
export function squadChemistry(squad: SbcSquad): SquadChemistry {
  const contributors = contributorsOf(squad);
  const clubs = new Map<number, number>();
  const leagues = new Map<number, number>();
  const nations = new Map<number, number>();
  let everyLeague = 0;
  for (const { clubId, leagueId, nationId, profile } of contributors) {
    if (!isRestrictedClub(clubId)) addTo(clubs, normalizeClubId(clubId), profile.club);
    if (!isRestrictedLeague(leagueId)) {
      addTo(leagues, leagueId, profile.league);
      if (!leagues.has(leagueId)) leagues.set(leagueId, 0);
    }
    addTo(nations, nationId, profile.nation);
    everyLeague += profile.everyLeague;
  }
  if (everyLeague > 0) for (const id of leagues.keys()) addTo(leagues, id, everyLeague);

  const perSlot = squad.slots.map(() => 0);
  const inPosition = squad.slots.map(() => false);
  for (const { slot, clubId, leagueId, nationId, profile } of contributors) {
    inPosition[slot] = true;
    const points =
      profile.fixedChemistry ??
      pointsFor(clubs.get(normalizeClubId(clubId)) ?? 0, CHEMISTRY_THRESHOLDS.club) +
        pointsFor(leagues.get(leagueId) ?? 0, CHEMISTRY_THRESHOLDS.league) +
        pointsFor(nations.get(nationId) ?? 0, CHEMISTRY_THRESHOLDS.nation);
    perSlot[slot] = Math.min(MAX_PLAYER_CHEMISTRY, points);
  }
  return { perSlot, inPosition, total: perSlot.reduce((sum, points) => sum + points, 0) };
}
