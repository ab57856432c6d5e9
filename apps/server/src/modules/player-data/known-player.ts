import { rarityIds, type Rarity } from '@tradedesk/domain';
import { foldName } from '@tradedesk/domain/catalogue';
import type { Db } from '../../db/client.js';
import { cardIndex } from './card-index.js';

/** True when the price database holds a card of `rarity` whose name or a name word starts with `name`. */
export async function isKnownPlayerName(_db: Db, name: string, rarity: Rarity): Promise<boolean> {
  const folded = foldName(name);
  if (folded === '') return false;
  // The in-memory index holds the same cards as player_cards (both come from the catalogue).
  return cardIndex().searchByName(folded, rarity === 'any' ? undefined : rarityIds[rarity], 1).length > 0;
}
