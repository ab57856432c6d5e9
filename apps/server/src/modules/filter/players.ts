import {
  DEFAULT_PRICE_PROVIDER,
  playerNotFoundIn,
  transferPriceMinimumError,
  type Filter,
} from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { badRequest } from '../../lib/errors.js';
import { isKnownPlayerName, playerRecord } from '../player-data/index.js';

const playerNotFound = () => badRequest(playerNotFoundIn(DEFAULT_PRICE_PROVIDER), 'player_not_found');

/**
 * Checks a filter against the price database before it is saved:
 * - 'Player not found in {provider}': a named normal filter must name a card of its rarity, and a
 *   transfer filter's player must be a card of its rarity (by id) with a name the database knows;
 * - a transfer filter's Buy Now may not be below the card's minimum (when its range is known).
 */
export async function assertPlayerKnown(ctx: Pick<AppContext, 'db' | 'now'>, filter: Filter): Promise<void> {
  if (filter.type === 'normal' && filter.name !== '') {
    if (!isKnownPlayerName(filter.name, filter.rarity)) throw playerNotFound();
  }
  if (filter.type === 'transfer' && filter.player.id > 0) {
    const { player } = filter;
    const record = await playerRecord(ctx.db, player.id, player.rarity, ctx.now());
    if (!record || (player.name.trim() !== '' && !isKnownPlayerName(player.name, player.rarity)))
      throw playerNotFound();
    if (record.minPrice === null) return;
    const error = transferPriceMinimumError(filter.player, { ...record, minPrice: record.minPrice });
    if (error) throw badRequest(error, 'price_below_minimum');
  }
}
