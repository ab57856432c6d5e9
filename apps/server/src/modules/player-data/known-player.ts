import type { Rarity } from '@tradedesk/domain';
import { foldName } from '@tradedesk/domain/catalogue';
import { cardIndex, rarityIdOf } from './card-index.js';

/** True when the price database holds a card of `rarity` whose name or a name word starts with `name`. */
export function isKnownPlayerName(name: string, rarity: Rarity): boolean {
  const folded = foldName(name);
  // The in-memory index holds the same cards as player_cards (both come from the catalogue).
  return folded !== '' && cardIndex().searchByName(folded, rarityIdOf(rarity), 1).length > 0;
}

/** True when the price database holds the card version `definitionId` (of any rarity). */
export function isKnownPlayerId(definitionId: number): boolean {
  return cardIndex().card(definitionId) !== undefined;
}
