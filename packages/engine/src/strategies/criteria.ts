import {
  ANY_ID,
  isPositionGroup,
  rarityIds,
  type PositionGroup,
  type NormalFilter,
  type RarityFilter,
} from '@tradedesk/domain';
import type { MarketSearch } from '@tradedesk/game-client';

/** All versions of a player share a base id: the definition id modulo 2^24 (GLOSSARY). */
export function baseIdOf(definitionId: number): number {
  return definitionId % 2 ** 24;
}

const zoneOfGroup: Record<PositionGroup, 'defense' | 'midfield' | 'attacker'> = {
  defenders: 'defense',
  midfielders: 'midfield',
  attackers: 'attacker',
};

type Criteria = Pick<
  RarityFilter,
  | 'quality'
  | 'rarity'
  | 'position'
  | 'nationality'
  | 'league'
  | 'club'
  | 'chemistryStyle'
  | 'minPrice'
  | 'maxPrice'
>;

const idOrNothing = (id: number) => (id === ANY_ID || id <= 0 ? undefined : id);

/**
 * The §2.2 search a filter's criteria stand for (quality, rarity, position or group, nation,
 * league, club, chemistry style, min/max Buy Now). `Any` sends nothing. Playstyle+ has no
 * search parameter in the game's protocol, so it is not sent (docs/decisions/snipe-engine.md).
 */
export function searchOfCriteria(criteria: Criteria): MarketSearch {
  const search: MarketSearch = { type: 'player' };
  if (criteria.quality === 'special') search.special = true;
  else if (criteria.quality !== 'any') search.level = criteria.quality;
  if (criteria.rarity !== 'any') search.rarityIds = [rarityIds[criteria.rarity]];
  if (isPositionGroup(criteria.position)) search.zone = zoneOfGroup[criteria.position];
  else if (criteria.position !== 'any') search.position = criteria.position;
  const nation = idOrNothing(criteria.nationality);
  if (nation !== undefined) search.nation = nation;
  const league = idOrNothing(criteria.league);
  if (league !== undefined) search.league = league;
  const club = idOrNothing(criteria.club);
  if (club !== undefined) search.club = club;
  const playStyle = idOrNothing(criteria.chemistryStyle);
  if (playStyle !== undefined) search.playStyle = playStyle;
  if (criteria.minPrice > 0) search.minBuyNow = criteria.minPrice;
  if (criteria.maxPrice > 0) search.maxBuyNow = criteria.maxPrice;
  return search;
}

/** A normal filter's search: the named player's base id (every version) plus its criteria. */
export function searchOfNormalFilter(filter: NormalFilter, ignoreMaxPrice: boolean): MarketSearch {
  const search = searchOfCriteria(filter);
  if (filter.playerId !== undefined && filter.playerId > 0) search.maskedDefId = baseIdOf(filter.playerId);
  if (ignoreMaxPrice) delete search.maxBuyNow;
  return search;
}
