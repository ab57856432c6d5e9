import { clubRows, leagueRows } from '../ids/tables.js';
import type { ClubRow } from '../ids/rows.js';
import type { ChemistryProfile, SbcCard } from './squad.js';

/** EA ids of the icon and hero pseudo-club and the icon league (data/README.md). */
export const ICON_CLUB_ID = 112658;
export const HERO_CLUB_ID = 114605;
export const ICON_LEAGUE_ID = 2118;
export const ICON_RARITY_ID = 12;
export const HERO_RARITY_ID = 72;
/** Item rarity groups (SBC.md §3.1: 23 is Team of the Week; 4 is this project's "rare" group). */
export const RARE_GROUP_ID = 4;
export const TOTW_GROUP_ID = 23;
export const TOTW_RARITY_ID = 3;

/** Clubs and leagues that take no chemistry contribution (the web app's restricted groups). */
const RESTRICTED_CLUBS: ReadonlySet<number> = new Set([ICON_CLUB_ID, HERO_CLUB_ID]);
const RESTRICTED_LEAGUES: ReadonlySet<number> = new Set([ICON_LEAGUE_ID]);

/** Whether the club id is an icon or hero pseudo-club (no club chemistry). */
export function isRestrictedClub(clubId: number): boolean {
  return RESTRICTED_CLUBS.has(clubId);
}

/** Whether the league id is the icons league (no league chemistry). */
export function isRestrictedLeague(leagueId: number): boolean {
  return RESTRICTED_LEAGUES.has(leagueId);
}

export const BASE_PROFILE: ChemistryProfile = Object.freeze({
  club: 1,
  league: 1,
  nation: 1,
  everyLeague: 0,
});
/** Whether a card links as a plain player does (BASE_PROFILE): no icon, hero or special rule. */
export const isBaseProfile = (profile: ChemistryProfile): boolean =>
  profile.club === BASE_PROFILE.club &&
  profile.league === BASE_PROFILE.league &&
  profile.nation === BASE_PROFILE.nation &&
  profile.everyLeague === BASE_PROFILE.everyLeague &&
  profile.fixedChemistry === undefined;
/** Icons: 3 in position, 2 to their nation, +1 to every league present, nothing to a club. */
export const ICON_PROFILE: ChemistryProfile = Object.freeze({
  club: 0,
  league: 0,
  nation: 2,
  everyLeague: 1,
  fixedChemistry: 3,
});
/** Heroes: 3 in position, 2 to their league, 1 to their nation, nothing to a club. */
export const HERO_PROFILE: ChemistryProfile = Object.freeze({
  club: 0,
  league: 2,
  nation: 1,
  everyLeague: 0,
  fixedChemistry: 3,
});

/** The card's own profile, else the icon, hero or base profile by rarity. */
export function chemistryProfileOf(card: SbcCard): ChemistryProfile {
  if (card.chemistryProfile) return card.chemistryProfile;
  if (card.rarityId === ICON_RARITY_ID) return ICON_PROFILE;
  if (card.rarityId === HERO_RARITY_ID) return HERO_PROFILE;
  return BASE_PROFILE;
}

/** Whether the card is an icon. */
export function isIcon(card: SbcCard): boolean {
  return card.rarityId === ICON_RARITY_ID;
}

/** Rarity groups of a card: its own `groups`, else rare for every non-common and TOTW for rarity 3. */
export function rarityGroupsOf(card: SbcCard): readonly number[] {
  if (card.groups) return card.groups;
  const groups: number[] = [];
  if (card.rarityId !== 0) groups.push(RARE_GROUP_ID);
  if (card.rarityId === TOTW_RARITY_ID) groups.push(TOTW_GROUP_ID);
  return groups;
}

function sharesAName(a: ClubRow, b: ClubRow | undefined): boolean {
  if (!b) return false;
  const names = new Set([a.name, a.shortName]);
  return names.has(b.name) || (b.shortName !== undefined && names.has(b.shortName));
}

/**
 * Women's club → men's club of the same name, else the one of the same abbreviation and country
 * whose long or short name matches ("Manchester Utd" / "Man Utd").
 */
function buildClubNormalisation(): ReadonlyMap<number, number> {
  const leagueNation = new Map(
    leagueRows.filter((row) => !row.international).map((row) => [row.id, row.nationId]),
  );
  const countryOf = (row: ClubRow) => (row.leagueId === null ? undefined : leagueNation.get(row.leagueId));
  const clubTeams = clubRows.filter((row) => countryOf(row) !== undefined);
  const men = clubTeams.filter((row) => !row.women);
  const clubsById = new Map(men.map((row) => [row.id, row]));
  const menByName = new Map(men.map((row) => [row.name, row.id]));
  const abbrKey = (row: ClubRow) => `${row.abbr ?? ''}|${countryOf(row) ?? ''}`;
  const menByAbbr = new Map<string, number[]>();
  for (const row of men) menByAbbr.set(abbrKey(row), [...(menByAbbr.get(abbrKey(row)) ?? []), row.id]);
  const mapping = new Map<number, number>();
  for (const row of clubTeams.filter((each) => each.women)) {
    const sameAbbr = row.abbr ? (menByAbbr.get(abbrKey(row)) ?? []) : [];
    const sameNames = sameAbbr.filter((id) => sharesAName(row, clubsById.get(id)));
    const match = menByName.get(row.name) ?? (sameNames.length === 1 ? sameNames[0] : undefined);
    if (match !== undefined) mapping.set(row.id, match);
  }
  return mapping;
}

let clubNormalisation: ReadonlyMap<number, number> | undefined;

/**
 * The club id chemistry groups by: a women's team links with the men's team of the same club
 * (SBC.md §1.3), matched by the club's name in the id table.
 */
export function normalizeClubId(clubId: number): number {
  clubNormalisation ??= buildClubNormalisation();
  return clubNormalisation.get(clubId) ?? clubId;
}
