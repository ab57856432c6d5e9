/** The vocabulary the standard set's table (standard-set.ts) is written in: the game's ids, requirement and award helpers. */
import type { World } from '../world/world.js';
import type { Award, ChallengeDef, SetDef } from './definitions.js';
import { target, type ScopeName } from './requirements.js';

/** EA ids the table uses (packages/domain/data). */
export const LEAGUE = { PREMIER: 13, LALIGA: 53, BUNDESLIGA: 19, SERIE_A: 31, LIGUE_1: 16 } as const;
export const NATION = {
  ENGLAND: 14,
  FRANCE: 18,
  GERMANY: 21,
  SPAIN: 45,
  BRAZIL: 54,
  ITALY: 27,
  ARGENTINA: 52,
} as const;
export const CLUB = {
  ARSENAL: 1,
  LIVERPOOL: 9,
  MAN_CITY: 10,
  BAYERN: 21,
  REAL_MADRID: 243,
  BARCELONA: 241,
} as const;
export const RARITY = { COMMON: 0, RARE: 1 } as const;
export const LEVEL = { BRONZE: 1, SILVER: 2, GOLD: 3 } as const;
/** PLAYER_TRADABILITY values: 1 untradeable, 0 tradeable. */
export const UNTRADEABLE = 1;

export const rating = (scope: ScopeName, value: number) => target('TEAM_RATING', scope, value);
export const chemistry = (value: number) => target('CHEMISTRY_POINTS', 'min', value);
export const coins = (value: number): Award => ({ type: 'coins', value, count: 1, untradeable: false });

export type Sub = Omit<ChallengeDef, 'challengeId' | 'setId' | 'awards'> & { awards?: Award[] };

/** Standard sets start at set 1101 / challenge 2101 so the first three keep their ids. */
export const FIRST_SET_ID = 1101;
export const FIRST_CHALLENGE_ID = 2101;

export interface StandardSetSpec {
  name: string;
  description: string;
  categoryId: 1 | 2 | 3;
  repeatable: boolean;
  expiresInHours?: number;
  awards: (world: World) => Award[];
  challenges: Sub[];
}

/** A special card for a set reward: the first card of the rarity, else a high-rated rare gold. */
export function playerAward(world: World, rarityId: number): Award {
  const card =
    world.cards.find((each) => each.rarityId === rarityId) ??
    world.cards.find((each) => each.rarityId === RARITY.RARE && each.rating >= 84) ??
    world.card(0);
  return { type: 'item', value: card.definitionId, count: 1, untradeable: true };
}

/** The sets of `specs` with ids assigned in order (sets from 1101, challenges from 2101). */
export function withIds(specs: readonly StandardSetSpec[], world: World): SetDef[] {
  let challengeId = FIRST_CHALLENGE_ID;
  return specs.map((spec, index) => {
    const setId = FIRST_SET_ID + index;
    const challenges = spec.challenges.map((sub): ChallengeDef => ({
      ...sub,
      awards: sub.awards ?? [coins(500)],
      challengeId: challengeId++,
      setId,
    }));
    return {
      setId,
      categoryId: spec.categoryId,
      name: spec.name,
      description: spec.description,
      repeatable: spec.repeatable,
      ...(spec.expiresInHours === undefined ? {} : { expiresInHours: spec.expiresInHours }),
      awards: spec.awards(world),
      challenges,
    };
  });
}
