import type { RequirementScope } from './eligibility.js';

/** The squad groups chemistry and group requirements count by. */
export type GroupKind = 'club' | 'league' | 'nation';

/** What a player must be to count toward a player-count requirement (values in one are OR-ed). */
export type PlayerCondition =
  | { readonly type: 'nation' | 'league' | 'club'; readonly ids: readonly number[] }
  /** Card level by rating: 1 bronze, 2 silver, 3 gold. */
  | { readonly type: 'level'; readonly tiers: readonly number[] }
  | { readonly type: 'rarity'; readonly rarityIds: readonly number[] }
  | { readonly type: 'rarityGroup'; readonly groupIds: readonly number[] }
  | { readonly type: 'minOvr' | 'exactOvr' | 'maxOvr'; readonly rating: number }
  | { readonly type: 'tradability'; readonly untradeable: boolean }
  | { readonly type: 'legend' }
  | { readonly type: 'firstOwner' };

/** One challenge requirement, typed (the raw `elgReq` slot decoded). */
export type SbcRequirement = { readonly scope: RequirementScope } & (
  | { readonly kind: 'teamRating'; readonly value: number }
  | { readonly kind: 'teamStarRating'; readonly value: number }
  /** Squad total chemistry. */
  | { readonly kind: 'chemistry'; readonly value: number }
  /** Every non-brick player has at least `value` chemistry. */
  | { readonly kind: 'playerChemistry'; readonly value: number }
  /** Size of the largest club/league/nation group. */
  | { readonly kind: 'sameGroup'; readonly group: GroupKind; readonly value: number }
  /** Number of distinct clubs/leagues/nations. */
  | { readonly kind: 'distinctGroups'; readonly group: GroupKind; readonly value: number }
  /** Card quality tier of every player: 1 bronze, 2 silver, 3 gold. */
  | { readonly kind: 'quality'; readonly tier: number }
  /** Players matching every condition (none = all players) compared with `count`. */
  | { readonly kind: 'players'; readonly count: number; readonly conditions: readonly PlayerCondition[] }
  /** A key this model does not evaluate (e.g. NUM_TROPHY_REQUIRED); never met. */
  | {
      readonly kind: 'unsupported';
      readonly key: number;
      readonly values: readonly number[];
      readonly count: number;
    }
);

/** A challenge's requirements and how they combine (`elgOperation`). */
export interface ChallengeRequirements {
  readonly operation: 'AND' | 'OR';
  readonly requirements: readonly SbcRequirement[];
}
