/** Row shapes of the EA id tables in packages/domain/data (see data/README.md). */
export interface NationRow {
  id: number;
  name: string;
  shortName?: string;
  cards?: number;
}

export interface LeagueRow {
  id: number;
  name: string;
  shortName?: string;
  abbr?: string;
  nationId?: number;
  level?: number;
  women?: boolean;
  international?: boolean;
  clubs: number;
  cards?: number;
}

export interface ClubRow {
  id: number;
  name: string;
  shortName?: string;
  abbr?: string;
  leagueId: number | null;
  gameDbLeagueId?: number;
  women?: boolean;
  cards?: number;
}

export interface LeagueClubsRow {
  leagueId: number;
  clubIds: number[];
}

export interface ChemistryStyleRow {
  id: number;
  name: string;
  abbr: string;
  goalkeeper: boolean;
}

export interface PositionRow {
  id: number;
  code: string;
}

export interface PositionZoneRow {
  id: number;
  name: string;
  positions: string[];
}

export interface RarityRow {
  id: number;
  name?: string;
  locName?: string;
  specName?: string;
  cards?: number;
}

/** A named id: what the reverse lookups return. */
export interface NamedId {
  id: number;
  name: string;
}
