import {
  cardTier,
  type ChallengeRequirements,
  formationSlots,
  isInPosition,
  matchesCondition,
  requirementLabel,
  type SbcBrick,
  type SbcCard,
  type SbcRequirement,
} from '@tradedesk/domain';
import type { CardSource, SolveInput } from './types.js';

/** One card the solver may place, with what using it costs. */
export interface Candidate {
  readonly card: SbcCard;
  readonly cost: number;
  readonly source: CardSource;
  readonly definitionId: number;
  readonly assetId: number;
  readonly itemId?: number;
  /** Bit s set when the card is in position in slot s. */
  readonly positionMask: number;
}

/** A squad under construction: the candidate in each slot (null for bricks and empty slots). */
export type Placement = readonly (Candidate | null)[];

/** A challenge with AND-ed requirements over a filtered candidate pool. */
export interface Problem {
  readonly positions: readonly string[];
  readonly bricks: ReadonlyMap<number, SbcBrick>;
  /** Slots a card must fill (not bricks). */
  readonly openSlots: readonly number[];
  readonly requirements: readonly SbcRequirement[];
  readonly candidates: readonly Candidate[];
}

export type BuiltProblem = { readonly problem: Problem } | { readonly infeasible: string };

function positionMaskOf(card: SbcCard, positions: readonly string[], openSlots: readonly number[]): number {
  let mask = 0;
  for (const slot of openSlots) if (isInPosition(card.positions, positions[slot] ?? '')) mask |= 1 << slot;
  return mask;
}

/** Owned untradeable cards first, then owned tradeable ones, each at its sell value, then the market. */
function candidatesOf(input: SolveInput, positions: readonly string[], openSlots: readonly number[]) {
  const candidates: Candidate[] = [];
  const add = (card: SbcCard, rest: Omit<Candidate, 'card' | 'positionMask'>) =>
    candidates.push({ card, positionMask: positionMaskOf(card, positions, openSlots), ...rest });
  for (const owned of input.owned ?? []) {
    const untradeable = owned.untradeable === true;
    add(owned, {
      cost: owned.sellValue,
      source: untradeable ? 'untradeable' : 'tradeable',
      definitionId: owned.definitionId,
      assetId: owned.assetId,
      itemId: owned.itemId,
    });
  }
  for (const listed of input.market) {
    add(listed, {
      cost: listed.price,
      source: 'market',
      definitionId: listed.definitionId,
      assetId: listed.assetId,
    });
  }
  return candidates;
}

/**
 * A filter every card of the squad must pass, when the requirement constrains each player alone
 * (quality, "all 11 players from …", "no player from …", chemistry per player ≥ 1 needs every
 * card in position somewhere). Filtering by these is exact: no eligible squad loses a card.
 */
function perCardFilter(requirement: SbcRequirement, playerCount: number): ((c: Candidate) => boolean) | null {
  switch (requirement.kind) {
    case 'quality': {
      const { tier, scope } = requirement;
      if (scope === 'min') return (c) => cardTier(c.card) >= tier;
      if (scope === 'max') return (c) => cardTier(c.card) <= tier;
      return (c) => cardTier(c.card) === tier;
    }
    case 'players': {
      const matches = (c: Candidate) =>
        requirement.conditions.every((cond) => matchesCondition(c.card, cond));
      const { scope, count } = requirement;
      if (count >= playerCount && scope !== 'max') return matches;
      if (count === 0 && scope !== 'min') return (c) => !matches(c);
      return null;
    }
    case 'playerChemistry':
      return requirement.value > 0 ? (c) => c.positionMask !== 0 : null;
    default:
      return null;
  }
}

/**
 * The AND-ed requirement lists a squad may meet instead of one another: an OR challenge (two or
 * more requirements) is one list per requirement, anything else is its own single list.
 */
export function requirementParts(challenge: ChallengeRequirements): SbcRequirement[][] {
  return challenge.operation === 'OR' && challenge.requirements.length > 1
    ? challenge.requirements.map((requirement) => [requirement])
    : [[...challenge.requirements]];
}

/** The challenge's slots and the pool after the exact per-card filters; or why no squad exists. */
export function buildProblem(input: SolveInput, requirements: readonly SbcRequirement[]): BuiltProblem {
  const positions = formationSlots(input.formation);
  const bricks = new Map((input.bricks ?? []).map(({ slot, brick }) => [slot, brick]));
  const openSlots = positions.map((_, slot) => slot).filter((slot) => !bricks.has(slot));
  let candidates = candidatesOf(input, positions, openSlots);
  for (const requirement of requirements) {
    if (requirement.kind === 'unsupported' || requirement.kind === 'teamStarRating') {
      return { infeasible: `The solver cannot evaluate the requirement "${requirementLabel(requirement)}"` };
    }
    const filter = perCardFilter(requirement, openSlots.length);
    if (!filter) continue;
    candidates = candidates.filter(filter);
    if (countAssets(candidates) < openSlots.length) {
      return { infeasible: notEnoughCards(requirement, countAssets(candidates), openSlots.length) };
    }
  }
  if (countAssets(candidates) < openSlots.length) {
    return {
      infeasible: `The pool holds ${countAssets(candidates)} different players; the squad needs ${openSlots.length}`,
    };
  }
  return { problem: { positions, bricks, openSlots, requirements, candidates } };
}

export function countAssets(candidates: readonly Candidate[]): number {
  return new Set(candidates.map((c) => c.assetId)).size;
}

export function notEnoughCards(requirement: SbcRequirement, found: number, needed: number): string {
  return `"${requirementLabel(requirement)}" cannot be met with the pool: ${found} eligible players, ${needed} needed`;
}
