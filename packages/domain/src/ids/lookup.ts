import { ANY_ID } from '../schemas/common.js';
import type { NamedId } from './rows.js';
import { clubRows, leagueClubRows, leagueRows, nationRows, rarityRows } from './tables.js';

/** The entry every reverse lookup falls back to. */
export const ANY: NamedId = Object.freeze({ id: ANY_ID, name: 'Any' });

function indexById<T extends { id: number }>(rows: readonly T[]): ReadonlyMap<number, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

const nationsById = indexById(nationRows);
const leaguesById = indexById(leagueRows);
const clubsById = indexById(clubRows);
const raritiesById = indexById(rarityRows);
const clubIdsByLeague: ReadonlyMap<number, readonly number[]> = new Map(
  leagueClubRows.map((row) => [row.leagueId, row.clubIds]),
);

function named(row: { id: number; name: string } | undefined): NamedId {
  return row ? { id: row.id, name: row.name } : ANY;
}

/** Nation by EA id; an unknown id gives Any. */
export function nationById(id: number): NamedId {
  return named(nationsById.get(id));
}

/** League by EA id; an unknown id gives Any. */
export function leagueById(id: number): NamedId {
  return named(leaguesById.get(id));
}

/** Club by EA id; an unknown id gives Any. */
export function clubById(id: number): NamedId {
  return named(clubsById.get(id));
}

/** Rarity by EA id (`rareflag`), named as the spec names it when it does; unknown gives Any. */
export function rarityNameById(id: number): NamedId {
  const row = raritiesById.get(id);
  const name = row?.specName ?? row?.name ?? row?.locName;
  return row && name ? { id: row.id, name } : ANY;
}

/** Club ids of a league; the 'any' league and unknown leagues have no clubs. */
export function clubIdsOfLeague(leagueId: number): readonly number[] {
  return clubIdsByLeague.get(leagueId) ?? [];
}

/** Clubs of a league as named ids, sorted by name, for the club dropdown. */
export function clubsOfLeague(leagueId: number): NamedId[] {
  return clubIdsOfLeague(leagueId)
    .map((id) => clubById(id))
    .filter((club) => club.id !== ANY.id)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Dropdown entries: Any first, then the table sorted by name. */
function withAny(rows: readonly { id: number; name: string }[]): NamedId[] {
  const sorted = rows
    .map((row) => ({ id: row.id, name: row.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [ANY, ...sorted];
}

/** Nations that have cards (plus Any), for the nationality dropdown. */
export const nationOptions: readonly NamedId[] = withAny(nationRows.filter((row) => (row.cards ?? 0) > 0));
/** Leagues (plus Any), for the league dropdown. */
export const leagueOptions: readonly NamedId[] = withAny(leagueRows);

/** Reverse lookup by exact name (case-insensitive); unknown names give Any. */
export function nationByName(name: string): NamedId {
  return findByName(nationRows, name);
}

/** League by exact name or short name (case-insensitive); unknown names give Any. */
export function leagueByName(name: string): NamedId {
  return findByName(leagueRows, name);
}

/** Club by exact name or short name (case-insensitive); unknown names give Any. */
export function clubByName(name: string): NamedId {
  return findByName(clubRows, name);
}

function findByName(
  rows: readonly { id: number; name: string; shortName?: string }[],
  name: string,
): NamedId {
  const wanted = name.trim().toLowerCase();
  return named(
    rows.find((row) => row.name.toLowerCase() === wanted || row.shortName?.toLowerCase() === wanted),
  );
}
