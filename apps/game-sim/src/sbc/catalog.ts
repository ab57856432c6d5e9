import type { World } from '../world/world.js';
import { players, target, type Requirement } from './requirements.js';
import type { Award, SetDef } from './definitions.js';
import { standardSets } from './standard-set.js';

export const CATEGORIES = [
  { categoryId: 1, name: 'Upgrades', priority: 1 },
  { categoryId: 2, name: 'Foundations', priority: 2 },
  { categoryId: 3, name: 'Players', priority: 3 },
] as const;

const min = (key: Requirement['key'], value: number) => target(key, 'min', value);
const max = (key: Requirement['key'], value: number) => target(key, 'max', value);
const atLeast = (key: Requirement['key'], values: number[], count: number) =>
  players(key, values, 'min', count);

/** The sim's SBC sets: fixed requirements, rewards chosen from the world's cards by seed. */
export function buildSets(world: World): SetDef[] {
  return [...legacySets(world), ...standardSets(world)];
}

/** The first three sets (kept as they were: tests and the web rely on their ids). */
function legacySets(world: World): SetDef[] {
  const cornerstones = world.cards.find((card) => card.rarityId === 150);
  const rareGold = world.cards.find((card) => card.rarityId === 1 && card.rating >= 84);
  const playerAward: Award = {
    type: 'item',
    value: (cornerstones ?? rareGold ?? world.card(0)).definitionId,
    count: 1,
    untradeable: true,
  };
  return [
    {
      setId: 1001,
      categoryId: 1,
      name: 'Daily Gold Upgrade',
      description: 'Exchange eleven golds for coins.',
      repeatable: true,
      awards: [],
      challenges: [
        {
          challengeId: 2001,
          setId: 1001,
          name: 'Gold Upgrade',
          description: 'Gold players only.',
          formation: 'f433',
          requirements: [min('PLAYER_QUALITY', 3), min('TEAM_RATING', 75)],
          awards: [{ type: 'coins', value: 2_500, count: 1, untradeable: false }],
        },
      ],
    },
    {
      setId: 1002,
      categoryId: 2,
      name: 'Hybrid Leagues',
      description: 'Mix leagues and keep the chemistry.',
      repeatable: false,
      awards: [{ type: 'coins', value: 5_000, count: 1, untradeable: false }],
      challenges: [
        {
          challengeId: 2002,
          setId: 1002,
          name: 'Three of a Kind',
          description: 'Three leagues at least, chemistry 15.',
          formation: 'f442',
          requirements: [min('LEAGUE_COUNT', 3), max('SAME_LEAGUE_COUNT', 5), min('CHEMISTRY_POINTS', 15)],
          awards: [{ type: 'coins', value: 1_000, count: 1, untradeable: false }],
        },
      ],
    },
    {
      setId: 1003,
      categoryId: 3,
      name: 'Cornerstone Upgrade',
      description: 'Two squads for a special player.',
      repeatable: false,
      awards: [playerAward],
      challenges: [
        {
          challengeId: 2003,
          setId: 1003,
          name: 'Top Form',
          description: 'Team rating 84.',
          formation: 'f4231',
          requirements: [min('TEAM_RATING', 84), atLeast('PLAYER_RARITY_GROUP', [4], 2)],
          awards: [],
        },
        {
          challengeId: 2004,
          setId: 1003,
          name: 'Rare Rally',
          description: 'Rares, 83+ and chemistry for everyone.',
          formation: 'f433',
          requirements: [
            min('TEAM_RATING', 83),
            atLeast('PLAYER_RARITY_GROUP', [4], 5),
            min('ALL_PLAYERS_CHEMISTRY_POINTS', 1),
          ],
          awards: [],
        },
      ],
    },
  ];
}
