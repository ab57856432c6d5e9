import { DEFAULT_PRICE_PROVIDER, playerNotFoundIn, type Filter } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { isKnownPlayerName } from '../player-data/index.js';

/** 'Player not found in {provider}': a named normal filter must name a card of its rarity in the price database. */
export async function assertPlayerKnown(db: Db, filter: Filter): Promise<void> {
  if (filter.type !== 'normal' || filter.name === '') return;
  if (!(await isKnownPlayerName(db, filter.name, filter.rarity))) {
    throw badRequest(playerNotFoundIn(DEFAULT_PRICE_PROVIDER), 'player_not_found');
  }
}
