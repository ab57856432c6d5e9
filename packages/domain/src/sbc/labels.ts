import { clubById, leagueById, nationById, rarityNameById } from '../ids/lookup.js';
import type { NamedId } from '../ids/rows.js';
import { eligibilityKeyName } from './eligibility.js';
import type { RequirementScope } from './eligibility.js';
import type { GroupKind, PlayerCondition, SbcRequirement } from './requirements.js';
import { RARE_GROUP_ID, TOTW_GROUP_ID } from './special-cards.js';

const QUALITY_NAMES: Readonly<Record<number, string>> = { 1: 'Bronze', 2: 'Silver', 3: 'Gold' };
const GROUP_NAMES: Readonly<Record<GroupKind, string>> = { club: 'Club', league: 'League', nation: 'Nation' };
const RARITY_GROUP_NAMES: Readonly<Record<number, string>> = {
  [RARE_GROUP_ID]: 'Rare',
  [TOTW_GROUP_ID]: 'Team of the Week',
};

/** "Min. 84", "Max. 5", "Exactly 3" — the web app's scope wording. */
function scoped(scope: RequirementScope, target: string | number): string {
  if (scope === 'min') return `Min. ${target}`;
  if (scope === 'max') return `Max. ${target}`;
  return `Exactly ${target}`;
}

function qualityName(tier: number): string {
  return QUALITY_NAMES[tier] ?? `Level ${tier}`;
}

function nameOrId(found: NamedId, id: number, kind: string): string {
  return found.id === id ? found.name : `${kind} ${id}`;
}

const joinedOr = (names: readonly string[]) => names.join(' OR ');

function conditionLabel(condition: PlayerCondition): string {
  switch (condition.type) {
    case 'nation':
      return joinedOr(condition.ids.map((id) => nameOrId(nationById(id), id, 'Nation')));
    case 'league':
      return joinedOr(condition.ids.map((id) => nameOrId(leagueById(id), id, 'League')));
    case 'club':
      return joinedOr(condition.ids.map((id) => nameOrId(clubById(id), id, 'Club')));
    case 'level':
      return joinedOr(condition.tiers.map(qualityName));
    case 'rarity':
      return joinedOr(condition.rarityIds.map((id) => nameOrId(rarityNameById(id), id, 'Rarity')));
    case 'rarityGroup':
      return joinedOr(condition.groupIds.map((id) => RARITY_GROUP_NAMES[id] ?? `Rarity group ${id}`));
    case 'minOvr':
      return `Min. OVR of ${condition.rating}`;
    case 'exactOvr':
      return `OVR of exactly ${condition.rating}`;
    case 'maxOvr':
      return `Max. OVR of ${condition.rating}`;
    case 'tradability':
      return condition.untradeable ? 'Untradeable' : 'Tradeable';
    case 'legend':
      return 'Icons';
    case 'firstOwner':
      return 'First Owner';
  }
}

function playersLabel(requirement: Extract<SbcRequirement, { kind: 'players' }>): string {
  const players = `${requirement.count} ${requirement.count === 1 ? 'Player' : 'Players'}`;
  if (requirement.conditions.length === 0)
    return `Number of Players in the Squad: ${scoped(requirement.scope, requirement.count)}`;
  return `${requirement.conditions.map(conditionLabel).join(' & ')}: ${scoped(requirement.scope, players)}`;
}

/** The requirement as the web app words it, e.g. "Team Rating: Min. 84". */
export function requirementLabel(requirement: SbcRequirement): string {
  const { scope } = requirement;
  switch (requirement.kind) {
    case 'teamRating':
      return `Team Rating: ${scoped(scope, requirement.value)}`;
    case 'teamStarRating':
      return `Team Star Rating: ${scoped(scope, requirement.value)}`;
    case 'chemistry':
      return `Total Chemistry: ${scoped(scope, requirement.value)}`;
    case 'playerChemistry':
      return `Chemistry Points per Player: ${scoped(scope, requirement.value)}`;
    case 'sameGroup':
      return `Players from the same ${GROUP_NAMES[requirement.group]}: ${scoped(scope, requirement.value)}`;
    case 'distinctGroups':
      return `${GROUP_NAMES[requirement.group]}s in Squad: ${scoped(scope, requirement.value)}`;
    case 'quality':
      return `Player Quality: ${scoped(scope, qualityName(requirement.tier))}`;
    case 'players':
      return playersLabel(requirement);
    case 'unsupported':
      return `Unsupported requirement: ${eligibilityKeyName(requirement.key) ?? `key ${requirement.key}`}`;
  }
}
