import { SBC_ELIGIBILITY_KEY, SBC_ELIGIBILITY_SCOPE, type SbcEligibilityKeyName } from '@tradedesk/domain';
import type { CardDef } from '../world/cards.js';

/** `SBCEligibilityKey` ids (SBC.md §3.1); domain owns the table. */
export const ELIGIBILITY_KEYS = SBC_ELIGIBILITY_KEY;
export type EligibilityKey = SbcEligibilityKeyName;

/** GREATER = at least, LOWER = at most, EXACT. */
export const SCOPES = SBC_ELIGIBILITY_SCOPE;
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
  /** Further keys a counted player must also match (a combined requirement, PLAYER_COUNT_COMBINED). */
  alsoMatching?: { key: EligibilityKey; values: number[] }[];
}

const SCOPE_BY_NAME = { min: SCOPES.GREATER, max: SCOPES.LOWER, exact: SCOPES.EXACT } as const;
export type ScopeName = keyof typeof SCOPE_BY_NAME;

/** A squad requirement whose value is the target ("Team Rating: Min. 75"). */
export function target(key: EligibilityKey, scope: ScopeName, value: number): Requirement {
  return { key, values: [value], scope: SCOPE_BY_NAME[scope], count: -1 };
}

/** A player-count requirement ("Rare: Min. 2 players"); values are OR-ed. */
export function players(key: EligibilityKey, values: number[], scope: ScopeName, count: number): Requirement {
  return { key, values, scope: SCOPE_BY_NAME[scope], count };
}

/** Encodes requirements as the game's flat `elgReq` list, one `eligibilitySlot` per requirement. */
export function encodeRequirements(requirements: readonly Requirement[]): Record<string, unknown>[] {
  return requirements.flatMap((requirement, slot) => [
    ...[{ key: requirement.key, values: requirement.values }, ...(requirement.alsoMatching ?? [])].flatMap(
      ({ key, values }) =>
        values.map((value) => ({
          type: key,
          eligibilitySlot: slot + 1,
          eligibilityKey: ELIGIBILITY_KEYS[key],
          eligibilityValue: value,
        })),
    ),
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
