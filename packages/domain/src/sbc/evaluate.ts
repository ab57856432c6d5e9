import { qualityIds, qualityOfRating } from '../enums/quality.js';
import { squadChemistry } from './chemistry.js';
import type { SquadChemistry } from './chemistry.js';
import { compareByScope } from './eligibility.js';
import { requirementLabel } from './labels.js';
import { squadRating } from './rating.js';
import type { ChallengeRequirements, GroupKind, PlayerCondition, SbcRequirement } from './requirements.js';
import { isIcon, rarityGroupsOf } from './special-cards.js';
import type { SbcCard, SbcSquad } from './squad.js';
import { assertSquadShape, isCard, requiredPlayerCount, squadCards } from './squad.js';

/** A requirement with its verdict and the text the web shows. */
export interface RequirementResult {
  readonly requirement: SbcRequirement;
  readonly label: string;
  readonly met: boolean;
}

export interface SquadEvaluation {
  readonly rating: number;
  readonly chemistry: SquadChemistry;
  /** Every non-brick slot holds a card. */
  readonly complete: boolean;
  readonly results: readonly RequirementResult[];
  /** Complete and the requirements hold (all for AND, one for OR). */
  readonly eligible: boolean;
}

/** Card level 1 bronze, 2 silver, 3 gold by rating (specials too: an 86 TOTW is gold). */
export function cardTier(card: SbcCard): number {
  return qualityIds[qualityOfRating(card.rating)];
}

/** The club, league or nation id a card counts toward (raw club ids, as the requirements count). */
export function groupIdOf(card: SbcCard, group: GroupKind): number {
  if (group === 'club') return card.clubId;
  return group === 'league' ? card.leagueId : card.nationId;
}

function groupSizes(cards: readonly SbcCard[], group: GroupKind): number[] {
  const sizes = new Map<number, number>();
  for (const card of cards) sizes.set(groupIdOf(card, group), (sizes.get(groupIdOf(card, group)) ?? 0) + 1);
  return [...sizes.values()];
}

/** Whether a card counts toward a player-count condition. */
export function matchesCondition(card: SbcCard, condition: PlayerCondition): boolean {
  switch (condition.type) {
    case 'club':
    case 'league':
    case 'nation':
      return condition.ids.includes(groupIdOf(card, condition.type));
    case 'level':
      return condition.tiers.includes(cardTier(card));
    case 'rarity':
      return condition.rarityIds.includes(card.rarityId);
    case 'rarityGroup':
      return rarityGroupsOf(card).some((group) => condition.groupIds.includes(group));
    case 'minOvr':
      return card.rating >= condition.rating;
    case 'exactOvr':
      return card.rating === condition.rating;
    case 'maxOvr':
      return card.rating <= condition.rating;
    case 'tradability':
      return (card.untradeable ?? false) === condition.untradeable;
    case 'legend':
      return isIcon(card);
    case 'firstOwner':
      return card.firstOwner ?? false;
  }
}

/** Player quality: min = lowest tier ≥ v, max = highest tier ≤ v, exact = every tier is v. */
function qualityMet(tiers: readonly number[], tier: number, scope: SbcRequirement['scope']): boolean {
  if (scope === 'min') return tiers.every((each) => each >= tier);
  if (scope === 'max') return tiers.every((each) => each <= tier);
  return tiers.every((each) => each === tier);
}

/** Facts computed once per squad and shared by every requirement. */
interface SquadFacts {
  readonly squad: SbcSquad;
  readonly cards: readonly SbcCard[];
  readonly rating: number;
  readonly chemistry: SquadChemistry;
}

/**
 * The web app's `isRequirementMet` (SBC.md §3.3) over the squad's cards; bricks and empty slots
 * are not players. Group requirements count raw club ids (icons and heroes form their own club).
 */
function isMet(requirement: SbcRequirement, facts: SquadFacts): boolean {
  const { cards } = facts;
  const { scope } = requirement;
  switch (requirement.kind) {
    case 'teamRating':
      return compareByScope(facts.rating, requirement.value, scope);
    case 'chemistry':
      return compareByScope(facts.chemistry.total, requirement.value, scope);
    case 'playerChemistry': {
      const reaching = facts.squad.slots.filter(
        (slot, index) => isCard(slot) && (facts.chemistry.perSlot[index] ?? 0) >= requirement.value,
      ).length;
      return reaching >= requiredPlayerCount(facts.squad);
    }
    case 'sameGroup':
      return compareByScope(Math.max(0, ...groupSizes(cards, requirement.group)), requirement.value, scope);
    case 'distinctGroups':
      return compareByScope(groupSizes(cards, requirement.group).length, requirement.value, scope);
    case 'quality':
      return cards.length > 0 && qualityMet(cards.map(cardTier), requirement.tier, scope);
    case 'players': {
      const matching = cards.filter((card) => requirement.conditions.every((c) => matchesCondition(card, c)));
      return compareByScope(matching.length, requirement.count, scope);
    }
    case 'teamStarRating':
    case 'unsupported':
      return false;
  }
}

function factsOf(squad: SbcSquad): SquadFacts {
  assertSquadShape(squad);
  return { squad, cards: squadCards(squad), rating: squadRating(squad), chemistry: squadChemistry(squad) };
}

/** Each requirement with met/unmet and its label, for the squad as it stands. */
export function evaluateRequirements(
  squad: SbcSquad,
  requirements: readonly SbcRequirement[],
): RequirementResult[] {
  return judge(factsOf(squad), requirements);
}

function judge(facts: SquadFacts, requirements: readonly SbcRequirement[]): RequirementResult[] {
  return requirements.map((requirement) => ({
    requirement,
    label: requirementLabel(requirement),
    met: isMet(requirement, facts),
  }));
}

/** Rating, chemistry, per-requirement verdicts and whether the squad may be submitted. */
export function evaluateSquad(squad: SbcSquad, challenge: ChallengeRequirements): SquadEvaluation {
  const facts = factsOf(squad);
  const results = judge(facts, challenge.requirements);
  const complete = facts.cards.length === requiredPlayerCount(squad);
  const verdicts = results.map((result) => result.met);
  const requirementsHold =
    challenge.operation === 'AND' ? verdicts.every(Boolean) : verdicts.length === 0 || verdicts.some(Boolean);
  return {
    rating: facts.rating,
    chemistry: facts.chemistry,
    complete,
    results,
    eligible: complete && requirementsHold,
  };
}
