import type { CardDef } from '../world/cards.js';

/** `SBCEligibilityKey` ids (SBC.md §3.1). */
export const ELIGIBILITY_KEYS = {
  PLAYER_COUNT: 2,
  PLAYER_QUALITY: 3,
  SAME_NATION_COUNT: 4,
  SAME_LEAGUE_COUNT: 5,
  SAME_CLUB_COUNT: 6,
  NATION_COUNT: 7,
  LEAGUE_COUNT: 8,
  CLUB_COUNT: 9,
  NATION_ID: 10,
  LEAGUE_ID: 11,
  CLUB_ID: 12,
  SCOPE: 13,
  PLAYER_LEVEL: 17,
  PLAYER_RARITY: 18,
  TEAM_RATING: 19,
  PLAYER_RARITY_GROUP: 25,
  PLAYER_MIN_OVR: 26,
  PLAYER_EXACT_OVR: 27,
  PLAYER_MAX_OVR: 28,
  CHEMISTRY_POINTS: 35,
  ALL_PLAYERS_CHEMISTRY_POINTS: 36,
} as const;
export type EligibilityKey = keyof typeof ELIGIBILITY_KEYS;

/** GREATER = at least, LOWER = at most, EXACT. */
export const SCOPES = { GREATER: 0, LOWER: 1, EXACT: 2 } as const;
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

/** Rarity groups the sim defines (item `groups`): 4 rare (any non-common), 23 Team of the Week. */
export const RARITY_GROUPS = { RARE: 4, TOTW: 23 } as const;

export function groupsOf(card: CardDef): number[] {
  const groups: number[] = [];
  if (card.rarityId !== 0) groups.push(RARITY_GROUPS.RARE);
  if (card.rarityId === 3) groups.push(RARITY_GROUPS.TOTW);
  return groups;
}

/** One requirement: a key with its accepted values, a scope and (for player counts) a count. */
export interface Requirement {
  key: EligibilityKey;
  values: number[];
  scope: Scope;
  /** Players needed, or −1 when the value itself is the target (rating, chemistry, counts of groups). */
  count: number;
}

/** Encodes requirements as the game's flat `elgReq` list, one `eligibilitySlot` per requirement. */
export function encodeRequirements(requirements: readonly Requirement[]): Record<string, unknown>[] {
  return requirements.flatMap((requirement, slot) => [
    ...requirement.values.map((value) => ({
      type: requirement.key,
      eligibilitySlot: slot + 1,
      eligibilityKey: ELIGIBILITY_KEYS[requirement.key],
      eligibilityValue: value,
    })),
    {
      type: 'SCOPE',
      eligibilitySlot: slot + 1,
      eligibilityKey: ELIGIBILITY_KEYS.SCOPE,
      eligibilityValue: requirement.scope,
    },
    {
      type: 'PLAYER_COUNT',
      eligibilitySlot: slot + 1,
      eligibilityKey: ELIGIBILITY_KEYS.PLAYER_COUNT,
      eligibilityValue: requirement.count,
    },
  ]);
}
