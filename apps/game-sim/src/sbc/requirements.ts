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

function compare(actual: number, target: number, scope: Scope): boolean {
  if (scope === SCOPES.GREATER) return actual >= target;
  if (scope === SCOPES.LOWER) return actual <= target;
  return actual === target;
}

function tierOf(card: CardDef): number {
  return card.quality === 'gold' ? 3 : card.quality === 'silver' ? 2 : 1;
}

function groupSizes(cards: readonly CardDef[], key: (card: CardDef) => number): number[] {
  const sizes = new Map<number, number>();
  for (const card of cards) sizes.set(key(card), (sizes.get(key(card)) ?? 0) + 1);
  return [...sizes.values()];
}

/** The facts a requirement is checked against. */
export interface SquadFacts {
  cards: readonly CardDef[];
  rating: number;
  chemistry: number;
  slotChemistry: readonly number[];
}

/** True when the squad meets the requirement (the web app's `isRequirementMet`, SBC.md §3.3). */
export function requirementMet(requirement: Requirement, facts: SquadFacts): boolean {
  const { cards } = facts;
  const value = requirement.values[0] ?? 0;
  const countMatching = (test: (card: CardDef) => boolean) =>
    compare(cards.filter(test).length, requirement.count, requirement.scope);
  const inValues = (id: number) => requirement.values.includes(id);
  switch (requirement.key) {
    case 'TEAM_RATING':
      return compare(facts.rating, value, requirement.scope);
    case 'CHEMISTRY_POINTS':
      return compare(facts.chemistry, value, requirement.scope);
    case 'ALL_PLAYERS_CHEMISTRY_POINTS':
      return facts.slotChemistry.length === 11 && facts.slotChemistry.every((points) => points >= value);
    case 'PLAYER_QUALITY': {
      const tiers = cards.map(tierOf);
      if (requirement.scope === SCOPES.GREATER) return Math.min(...tiers) >= value;
      if (requirement.scope === SCOPES.LOWER) return Math.max(...tiers) <= value;
      return tiers.every((tier) => tier === value);
    }
    case 'SAME_NATION_COUNT':
      return compare(Math.max(0, ...groupSizes(cards, (card) => card.nationId)), value, requirement.scope);
    case 'SAME_LEAGUE_COUNT':
      return compare(Math.max(0, ...groupSizes(cards, (card) => card.leagueId)), value, requirement.scope);
    case 'SAME_CLUB_COUNT':
      return compare(Math.max(0, ...groupSizes(cards, (card) => card.clubId)), value, requirement.scope);
    case 'NATION_COUNT':
      return compare(new Set(cards.map((card) => card.nationId)).size, value, requirement.scope);
    case 'LEAGUE_COUNT':
      return compare(new Set(cards.map((card) => card.leagueId)).size, value, requirement.scope);
    case 'CLUB_COUNT':
      return compare(new Set(cards.map((card) => card.clubId)).size, value, requirement.scope);
    case 'NATION_ID':
      return countMatching((card) => inValues(card.nationId));
    case 'LEAGUE_ID':
      return countMatching((card) => inValues(card.leagueId));
    case 'CLUB_ID':
      return countMatching((card) => inValues(card.clubId));
    case 'PLAYER_LEVEL':
      return countMatching((card) => inValues(tierOf(card)));
    case 'PLAYER_RARITY':
      return countMatching((card) => inValues(card.rarityId));
    case 'PLAYER_RARITY_GROUP':
      return countMatching((card) => groupsOf(card).some(inValues));
    case 'PLAYER_MIN_OVR':
      return countMatching((card) => card.rating >= value);
    case 'PLAYER_EXACT_OVR':
      return countMatching((card) => card.rating === value);
    case 'PLAYER_MAX_OVR':
      return countMatching((card) => card.rating <= value);
    case 'PLAYER_COUNT':
      return compare(cards.length, requirement.count, requirement.scope);
    case 'SCOPE':
      return true;
  }
}
