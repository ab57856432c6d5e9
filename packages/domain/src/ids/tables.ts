import chemistryStylesJson from '../../data/chemistry-styles.json' with { type: 'json' };
import clubsJson from '../../data/clubs.json' with { type: 'json' };
import leagueClubsJson from '../../data/league-clubs.json' with { type: 'json' };
import leaguesJson from '../../data/leagues.json' with { type: 'json' };
import nationsJson from '../../data/nations.json' with { type: 'json' };
import positionsJson from '../../data/positions.json' with { type: 'json' };
import raritiesJson from '../../data/rarities.json' with { type: 'json' };
import type {
  ChemistryStyleRow,
  ClubRow,
  LeagueClubsRow,
  LeagueRow,
  NationRow,
  PositionRow,
  PositionZoneRow,
  RarityRow,
} from './rows.js';

// Explicit types: declarations must not mention the JSON files, and consumers must not
// re-infer them.
export const nationRows: readonly NationRow[] = nationsJson;
export const leagueRows: readonly LeagueRow[] = leaguesJson;
export const clubRows: readonly ClubRow[] = clubsJson;
export const leagueClubRows: readonly LeagueClubsRow[] = leagueClubsJson;
export const chemistryStyleRows: readonly ChemistryStyleRow[] = chemistryStylesJson;
export const positionRows: readonly PositionRow[] = positionsJson.positions;
export const positionZoneRows: readonly PositionZoneRow[] = positionsJson.zones;
export const rarityRows: readonly RarityRow[] = raritiesJson.rarities;
