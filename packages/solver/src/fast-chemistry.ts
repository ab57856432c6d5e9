import {
  BASE_PROFILE,
  CHEMISTRY_THRESHOLDS,
  chemistryProfileOf,
  isRestrictedClub,
  isRestrictedLeague,
  MAX_PLAYER_CHEMISTRY,
  normalizeClubId,
  type ChemistryProfile,
} from '@tradedesk/domain';
import type { Placement, Problem } from './problem.js';

/** What one slot adds to chemistry, resolved once per card (no maps in the search's hot loop). */
interface Contributor {
  readonly slot: number;
  /** Normalised club the card links by; −1 when its club takes no contribution (icons, heroes). */
  readonly clubKey: number;
  readonly clubOf: number;
  readonly leagueKey: number;
  readonly leagueOf: number;
  readonly nation: number;
  readonly profile: ChemistryProfile;
}

function contributor(
  slot: number,
  clubId: number,
  leagueId: number,
  nationId: number,
  profile: ChemistryProfile,
): Contributor {
  const clubOf = normalizeClubId(clubId);
  return {
    slot,
    clubKey: isRestrictedClub(clubId) ? -1 : clubOf,
    clubOf,
    leagueKey: isRestrictedLeague(leagueId) ? -1 : leagueId,
    leagueOf: leagueId,
    nation: nationId,
    profile,
  };
}

const points = (count: number, thresholds: readonly number[]) =>
  (count >= (thresholds[0] ?? Infinity) ? 1 : 0) +
  (count >= (thresholds[1] ?? Infinity) ? 1 : 0) +
  (count >= (thresholds[2] ?? Infinity) ? 1 : 0);

/**
 * The domain's squad chemistry (SBC.md §1.4) for the search's hot loop: the same rules over at
 * most 11 contributors with plain loops. Tests hold it equal to `squadChemistry`; answers are
 * still judged by the domain's evaluator.
 */
export function fastChemistry(problem: Problem, placement: Placement): { perSlot: number[]; total: number } {
  const contributors: Contributor[] = [];
  for (const [slot, brick] of problem.bricks)
    if (brick.brick === 'custom')
      contributors.push(contributor(slot, brick.clubId, brick.leagueId, brick.nationId, BASE_PROFILE));
  for (const slot of problem.openSlots) {
    const candidate = placement[slot];
    if (!candidate || !(candidate.positionMask & (1 << slot))) continue;
    const { card } = candidate;
    contributors.push(contributor(slot, card.clubId, card.leagueId, card.nationId, chemistryProfileOf(card)));
  }
  let everyLeague = 0;
  for (const c of contributors) everyLeague += c.profile.everyLeague;
  const perSlot = problem.positions.map(() => 0);
  let total = 0;
  for (const c of contributors) {
    let chemistry = c.profile.fixedChemistry;
    if (chemistry === undefined) {
      let club = 0;
      let league = 0;
      let nation = 0;
      let leaguePresent = false;
      for (const other of contributors) {
        if (other.clubKey === c.clubOf) club += other.profile.club;
        if (other.leagueKey === c.leagueOf) {
          league += other.profile.league;
          leaguePresent = true;
        }
        if (other.nation === c.nation) nation += other.profile.nation;
      }
      if (leaguePresent) league += everyLeague;
      chemistry =
        points(club, CHEMISTRY_THRESHOLDS.club) +
        points(league, CHEMISTRY_THRESHOLDS.league) +
        points(nation, CHEMISTRY_THRESHOLDS.nation);
    }
    const capped = Math.min(MAX_PLAYER_CHEMISTRY, chemistry);
    perSlot[c.slot] = capped;
    total += capped;
  }
  return { perSlot, total };
}
