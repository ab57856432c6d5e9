import type { World } from '../world/world.js';
import type { SetDef } from './definitions.js';
import { players, RARITY_GROUPS, target } from './requirements.js';
import {
  chemistry,
  CLUB,
  coins,
  LEAGUE,
  LEVEL,
  NATION,
  playerAward,
  RARITY,
  rating,
  UNTRADEABLE,
  withIds,
  type StandardSetSpec,
} from './standard-set-terms.js';

/**
 * The standard challenge set: 32 challenges in 12 sets (sub-challenges, rewards, expiry) that
 * together use every requirement key the solver knows, in min, max and exact scopes. Every
 * challenge is meant to be solvable from a 5,000-card standard pool (no traps: see
 * docs/decisions/sbc-solver.md); the conformance test proves it with the solver.
 */
const SPECS: readonly StandardSetSpec[] = [
  {
    name: 'Rating Ladder',
    description: 'Squads of rising team rating.',
    categoryId: 1,
    repeatable: true,
    expiresInHours: 24 * 7,
    awards: () => [coins(10_000)],
    challenges: [
      {
        name: 'Rated 78',
        description: 'Team rating 78.',
        formation: 'f433',
        requirements: [rating('min', 78)],
      },
      {
        name: 'Rated 81',
        description: 'Team rating 81.',
        formation: 'f442',
        requirements: [rating('min', 81)],
      },
      {
        name: 'Rated 84',
        description: 'Team rating 84.',
        formation: 'f4231',
        requirements: [rating('min', 84)],
      },
      {
        name: 'Rated 86',
        description: 'Team rating 86.',
        formation: 'f4312',
        requirements: [rating('min', 86)],
      },
    ],
  },
  {
    name: 'Exact Science',
    description: 'Hit the rating exactly, or stay under it.',
    categoryId: 1,
    repeatable: false,
    expiresInHours: 12,
    awards: () => [coins(3_000)],
    challenges: [
      {
        name: 'Dead On 80',
        description: 'Team rating exactly 80.',
        formation: 'f433',
        requirements: [rating('exact', 80)],
      },
      {
        name: 'Under the Bar',
        description: 'Team rating at most 70, silver or better.',
        formation: 'f442',
        requirements: [rating('max', 70), target('PLAYER_QUALITY', 'min', LEVEL.SILVER)],
      },
    ],
  },
  {
    name: 'Chemistry Lessons',
    description: 'Build links.',
    categoryId: 2,
    repeatable: false,
    expiresInHours: 24 * 3,
    awards: () => [coins(4_000)],
    challenges: [
      { name: 'First Links', description: 'Chemistry 20.', formation: 'f433', requirements: [chemistry(20)] },
      { name: 'Full House', description: 'Chemistry 30.', formation: 'f4231', requirements: [chemistry(30)] },
      {
        name: 'Everyone Links',
        description: 'Every player at least 2 chemistry.',
        formation: 'f442',
        requirements: [target('ALL_PLAYERS_CHEMISTRY_POINTS', 'min', 2)],
      },
    ],
  },
  {
    name: 'League Tour',
    description: 'One league at a time.',
    categoryId: 2,
    repeatable: false,
    expiresInHours: 24 * 14,
    awards: () => [coins(6_000)],
    challenges: [
      {
        name: 'Premier League',
        description: 'Premier League: min 6 players; chemistry 18.',
        formation: 'f433',
        requirements: [players('LEAGUE_ID', [LEAGUE.PREMIER], 'min', 6), chemistry(18)],
      },
      {
        name: 'LaLiga or Serie A',
        description: 'LaLiga OR Serie A: min 8 players; team rating 75.',
        formation: 'f4231',
        requirements: [players('LEAGUE_ID', [LEAGUE.LALIGA, LEAGUE.SERIE_A], 'min', 8), rating('min', 75)],
      },
      {
        name: 'Bundesliga Core',
        description: 'Same league: min 7; Bundesliga: min 1.',
        formation: 'f442',
        requirements: [
          target('SAME_LEAGUE_COUNT', 'min', 7),
          players('LEAGUE_ID', [LEAGUE.BUNDESLIGA], 'min', 1),
        ],
      },
    ],
  },
  {
    name: 'Nations League',
    description: 'Countries, mixed and matched.',
    categoryId: 2,
    repeatable: false,
    expiresInHours: 24 * 30,
    awards: () => [coins(5_000)],
    challenges: [
      {
        name: 'Les Bleus',
        description: 'France: min 3; nations: max 4.',
        formation: 'f433',
        requirements: [players('NATION_ID', [NATION.FRANCE], 'min', 3), target('NATION_COUNT', 'max', 4)],
      },
      {
        name: 'Brazil or Argentina',
        description: 'Brazil OR Argentina: min 2; same nation: min 4; rating 76.',
        formation: 'f4231',
        requirements: [
          players('NATION_ID', [NATION.BRAZIL, NATION.ARGENTINA], 'min', 2),
          target('SAME_NATION_COUNT', 'min', 4),
          rating('min', 76),
        ],
      },
      {
        name: 'World Tour',
        description: 'Nations: min 8; same nation: max 2.',
        formation: 'f442',
        requirements: [target('NATION_COUNT', 'min', 8), target('SAME_NATION_COUNT', 'max', 2)],
      },
    ],
  },
  {
    name: 'Club Classics',
    description: 'Clubs count.',
    categoryId: 2,
    repeatable: false,
    awards: () => [coins(5_000)],
    challenges: [
      {
        name: 'Gunners',
        description: 'Arsenal: min 1; same club: max 3; chemistry 15.',
        formation: 'f433',
        requirements: [
          players('CLUB_ID', [CLUB.ARSENAL], 'min', 1),
          target('SAME_CLUB_COUNT', 'max', 3),
          chemistry(15),
        ],
      },
      {
        name: 'Clasico',
        description: 'Real Madrid OR Barcelona: min 2; clubs: exactly 6.',
        formation: 'f4231',
        requirements: [
          players('CLUB_ID', [CLUB.REAL_MADRID, CLUB.BARCELONA], 'min', 2),
          target('CLUB_COUNT', 'exact', 6),
        ],
      },
      {
        name: 'Club Spread',
        description: 'Clubs: min 9; leagues: max 3.',
        formation: 'f442',
        requirements: [target('CLUB_COUNT', 'min', 9), target('LEAGUE_COUNT', 'max', 3)],
      },
      {
        name: 'Club Core',
        description: 'Same club: min 3; rating 74.',
        formation: 'f433',
        requirements: [target('SAME_CLUB_COUNT', 'min', 3), rating('min', 74)],
      },
    ],
  },
  {
    name: 'Hybrid Leagues II',
    description: 'Leagues mixed, exactly.',
    categoryId: 2,
    repeatable: false,
    expiresInHours: 24 * 5,
    awards: () => [coins(8_000)],
    challenges: [
      {
        name: 'Four Leagues',
        description: 'Leagues: exactly 4; same league: max 4; chemistry 16.',
        formation: 'f433',
        requirements: [
          target('LEAGUE_COUNT', 'exact', 4),
          target('SAME_LEAGUE_COUNT', 'max', 4),
          chemistry(16),
        ],
      },
      {
        name: 'Three Nations',
        description: 'Nations: exactly 3; rating 77.',
        formation: 'f4231',
        requirements: [target('NATION_COUNT', 'exact', 3), rating('min', 77)],
      },
    ],
  },
  {
    name: 'Quality Control',
    description: 'Colours and levels.',
    categoryId: 1,
    repeatable: true,
    expiresInHours: 24,
    awards: () => [coins(2_000)],
    challenges: [
      {
        name: 'All Silver',
        description: 'Exactly silver players; rare: min 2.',
        formation: 'f433',
        requirements: [
          target('PLAYER_QUALITY', 'exact', LEVEL.SILVER),
          players('PLAYER_RARITY_GROUP', [RARITY_GROUPS.RARE], 'min', 2),
        ],
      },
      {
        name: 'Bronze Mix',
        description: 'Max bronze quality; bronze: min 8 players.',
        formation: 'f442',
        requirements: [
          target('PLAYER_QUALITY', 'max', LEVEL.BRONZE),
          players('PLAYER_LEVEL', [LEVEL.BRONZE], 'min', 8),
        ],
      },
      {
        name: 'Gold Commons',
        description: 'Common players: min 11 (PLAYER_RARITY 0); gold: min 11.',
        formation: 'f4231',
        requirements: [
          players('PLAYER_RARITY', [RARITY.COMMON], 'min', 11),
          players('PLAYER_LEVEL', [LEVEL.GOLD], 'min', 11),
        ],
      },
    ],
  },
  {
    name: 'Top Form II',
    description: 'Special cards and high ratings.',
    categoryId: 3,
    repeatable: false,
    expiresInHours: 24 * 2,
    awards: (world) => [playerAward(world, 3)],
    challenges: [
      {
        name: 'In Form',
        description: 'Team of the Week: min 1; rating 83.',
        formation: 'f433',
        requirements: [players('PLAYER_RARITY_GROUP', [RARITY_GROUPS.TOTW], 'min', 1), rating('min', 83)],
      },
      {
        name: 'Star Power',
        description: 'Min OVR 85: min 2 players; rating 82.',
        formation: 'f4231',
        requirements: [players('PLAYER_MIN_OVR', [85], 'min', 2), rating('min', 82)],
      },
      {
        name: 'Legend',
        description: 'Icons: min 1; rating 84.',
        formation: 'f442',
        requirements: [players('LEGEND_COUNT', [1], 'min', 1), rating('min', 84)],
      },
    ],
  },
  {
    name: 'Fodder Rules',
    description: 'Exact and capped ratings per player.',
    categoryId: 1,
    repeatable: true,
    expiresInHours: 24 * 400,
    awards: () => [coins(1_500)],
    challenges: [
      {
        name: 'Exactly 82',
        description: 'OVR exactly 82: min 3 players; rating 80.',
        formation: 'f433',
        requirements: [players('PLAYER_EXACT_OVR', [82], 'min', 3), rating('min', 80)],
      },
      {
        name: 'Capped',
        description: 'OVR at most 79: max 2 players; rating 82.',
        formation: 'f4312',
        requirements: [players('PLAYER_MAX_OVR', [79], 'max', 2), rating('min', 82)],
      },
    ],
  },
  {
    name: 'Club Loyalty',
    description: 'Your own cards.',
    categoryId: 3,
    repeatable: false,
    awards: (world) => [playerAward(world, 12)],
    challenges: [
      {
        name: 'Untradeables',
        description: 'Untradeable: min 3 players; rating 78.',
        formation: 'f433',
        requirements: [players('PLAYER_TRADABILITY', [UNTRADEABLE], 'min', 3), rating('min', 78)],
      },
      {
        name: 'Home Grown',
        description: 'First owner: min 2 players; chemistry 12.',
        formation: 'f442',
        requirements: [players('FIRST_OWNER_PLAYERS_COUNT', [2], 'min', 2), chemistry(12)],
      },
    ],
  },
  {
    name: 'Mix and Match',
    description: 'Combined and either-or requirements.',
    categoryId: 3,
    repeatable: false,
    expiresInHours: 24 * 10,
    awards: () => [coins(12_000)],
    challenges: [
      {
        name: 'Rare English',
        description: 'Rare England players: min 2 (combined); rating 79.',
        formation: 'f433',
        requirements: [
          {
            ...players('NATION_ID', [NATION.ENGLAND], 'min', 2),
            alsoMatching: [{ key: 'PLAYER_RARITY_GROUP', values: [RARITY_GROUPS.RARE] }],
          },
          rating('min', 79),
        ],
      },
      {
        name: 'Either Way',
        description: 'Team rating 85 OR chemistry 25.',
        formation: 'f4231',
        operation: 'OR',
        requirements: [rating('min', 85), chemistry(25)],
      },
      {
        name: 'Grand Finale',
        description: 'Rating 82, chemistry 22, rare: min 4, Germany OR Spain: min 2, leagues: min 3.',
        formation: 'f433',
        requirements: [
          rating('min', 82),
          chemistry(22),
          players('PLAYER_RARITY_GROUP', [RARITY_GROUPS.RARE], 'min', 4),
          players('NATION_ID', [NATION.GERMANY, NATION.SPAIN], 'min', 2),
          target('LEAGUE_COUNT', 'min', 3),
        ],
      },
      {
        name: 'City Slickers',
        description: 'Man City OR Liverpool OR Bayern: max 1; same league: max 3; rating 79.',
        formation: 'f442',
        requirements: [
          players('CLUB_ID', [CLUB.MAN_CITY, CLUB.LIVERPOOL, CLUB.BAYERN], 'max', 1),
          target('SAME_LEAGUE_COUNT', 'max', 3),
          rating('min', 79),
        ],
      },
    ],
  },
];

/** The standard sets with ids assigned in order (sets from 1101, challenges from 2101). */
export function standardSets(world: World): SetDef[] {
  return withIds(SPECS, world);
}
