import { DEFAULT_PRICE_PROVIDER, playerNotFoundIn, rarityIds, type Filter } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { badRequest } from '../../lib/errors.js';

/**
 * 'Player not found in {provider}': a named normal filter must name a card of its rarity.
 * The card catalogue stands in for the price database until that service exists.
 */
export function assertPlayerKnown(filter: Filter): void {
  if (filter.type !== 'normal' || filter.name === '') return;
  const rarityId = filter.rarity === 'any' ? undefined : rarityIds[filter.rarity];
  if (loadCatalogue().searchByName(filter.name, { rarityId, limit: 1 }).length === 0) {
    throw badRequest(playerNotFoundIn(DEFAULT_PRICE_PROVIDER), 'player_not_found');
  }
}
