import type { UnassignedPurchase } from '@tradedesk/domain/realtime';
import type { GamePort } from '@tradedesk/engine';
import { definitionIdOf } from '@tradedesk/game-client';

/** The unassigned pile holds at most this many items in the game. */
const UNASSIGNED_PILE_LIMIT = 100;

/**
 * The bought cards in the account's unassigned pile: tradeable items with a last sale price (the
 * price this account paid; pack items and rewards have none). A Buy Now whose event never reached
 * the server (its agent was killed in between) leaves its card there: the follow-up that would
 * have moved it waits for the event's acknowledgement.
 */
export async function readUnassignedPurchases(
  game: Pick<GamePort, 'unassigned'>,
): Promise<UnassignedPurchase[]> {
  const { items } = await game.unassigned();
  const purchases: UnassignedPurchase[] = [];
  for (const item of items) {
    const definitionId = definitionIdOf(item);
    const price = item.lastSalePrice ?? 0;
    if (item.untradeable === true || price <= 0 || definitionId === undefined || definitionId <= 0) continue;
    purchases.push({ itemId: item.id, definitionId, rarity: item.rareflag ?? 0, price });
  }
  return purchases.slice(0, UNASSIGNED_PILE_LIMIT);
}
