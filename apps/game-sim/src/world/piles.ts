import { GameError, gameErrors } from '../core/errors.js';
import { detachItem, ownedItem, tradepileUsed } from './trading.js';
import { addWatcher, removeWatcher, type Account, type Item } from './types.js';
import type { World } from './world.js';

export interface MoveRequest {
  id: number;
  pile: 'club' | 'trade';
  tradeId?: number;
}

export interface MoveResult {
  id: number;
  pile: string;
  success: boolean;
  reason?: string;
  errorCode?: number;
}

/** True when the club already holds a copy of this item's card (the duplicate rule). */
export function duplicateInClub(world: World, account: Account, item: Item): Item | undefined {
  const definitionId = world.card(item.cardIndex).definitionId;
  for (const clubItemId of account.club) {
    const clubItem = world.items.get(clubItemId);
    if (clubItem && clubItem.id !== item.id && world.card(clubItem.cardIndex).definitionId === definitionId)
      return clubItem;
  }
  return undefined;
}

function moveOne(world: World, account: Account, request: MoveRequest): void {
  const item = ownedItem(world, account, request.id);
  if (item.place === 'listed') throw gameErrors.permissionDenied('item is listed');
  if (request.pile === 'club') {
    if (item.place === 'club') return;
    if (duplicateInClub(world, account, item)) throw gameErrors.duplicate();
    detachItem(world, account, item);
    account.club.add(item.id);
    item.place = 'club';
    return;
  }
  if (item.place === 'trade') return;
  if (tradepileUsed(account) >= world.options.piles.tradepile) throw gameErrors.destinationFull();
  detachItem(world, account, item);
  account.tradepile.add(item.id);
  item.place = 'trade';
}

/** PUT item: moves each item; failures are reported per item, as the game does. */
export function moveItems(world: World, account: Account, requests: readonly MoveRequest[]): MoveResult[] {
  return requests.map((request) => {
    try {
      moveOne(world, account, request);
      return { id: request.id, pile: request.pile, success: true };
    } catch (error) {
      if (!(error instanceof GameError)) throw error;
      return {
        id: request.id,
        pile: request.pile,
        success: false,
        reason: error.reason,
        errorCode: error.code,
      };
    }
  });
}

/** PUT watchlist: watches trades (all are checked before any is added). */
export function watchTrades(world: World, account: Account, tradeIds: readonly number[]): void {
  const fresh = new Set(tradeIds.filter((tradeId) => !account.watchlist.has(tradeId)));
  for (const tradeId of tradeIds) {
    const trade = world.trades.get(tradeId);
    // The public record answers 461 (not 478) for watching a trade that is unknown or has ended.
    if (!trade || trade.state !== 'active') throw gameErrors.permissionDenied('no such trade to watch');
    if (trade.sellerId === account.id) throw gameErrors.permissionDenied('cannot watch your own trade');
  }
  if (account.watchlist.size + fresh.size > world.options.piles.watchlist) throw gameErrors.destinationFull();
  for (const tradeId of tradeIds) {
    const trade = world.trades.get(tradeId);
    if (!trade) continue;
    account.watchlist.add(tradeId);
    addWatcher(trade, account.id);
  }
}

/** DELETE watchlist: stops watching; a won item not yet moved goes to unassigned. */
export function unwatchTrades(world: World, account: Account, tradeIds: readonly number[]): void {
  for (const tradeId of tradeIds) {
    const trade = world.trades.get(tradeId);
    if (trade?.state === 'active' && trade.highestBidderId === account.id) {
      throw gameErrors.permissionDenied('you are the highest bidder');
    }
    account.watchlist.delete(tradeId);
    removeWatcher(trade, account.id);
    const item = trade ? world.items.get(trade.itemId) : undefined;
    if (item && item.ownerId === account.id && item.place === 'won') {
      item.place = 'unassigned';
      account.unassigned.push(item.id);
    }
  }
}

/** Unassigned items that duplicate a club card: pairs for `duplicateItemIdList`. */
export function unassignedDuplicates(
  world: World,
  account: Account,
): { itemId: number; duplicateItemId: number }[] {
  const pairs: { itemId: number; duplicateItemId: number }[] = [];
  for (const itemId of account.unassigned) {
    const item = world.items.get(itemId);
    const duplicate = item ? duplicateInClub(world, account, item) : undefined;
    if (duplicate) pairs.push({ itemId, duplicateItemId: duplicate.id });
  }
  return pairs;
}

/**
 * DELETE trade/{id}: removes one sold or expired entry from the transfer list (GAME-PROTOCOL §2.4,
 * §4.3). A sold entry just disappears; the item of an expired entry leaves the transfer list for
 * the club, or for unassigned when the club already holds that card.
 */
export function removeTradeEntry(world: World, account: Account, tradeId: number): void {
  if (account.soldTrades.delete(tradeId)) return;
  const trade = world.trades.get(tradeId);
  if (!trade || trade.sellerId !== account.id) throw gameErrors.noTrade();
  if (trade.state === 'active') throw gameErrors.invalidTransaction('trade is still active');
  const item = world.items.get(trade.itemId);
  if (!item || item.ownerId !== account.id || item.place !== 'trade' || item.tradeId !== tradeId)
    throw gameErrors.noTrade();
  const toClub = !duplicateInClub(world, account, item);
  if (!toClub && account.unassigned.length >= world.options.piles.unassigned)
    throw gameErrors.unassignedFull();
  detachItem(world, account, item);
  item.tradeId = 0;
  if (toClub) {
    account.club.add(item.id);
    item.place = 'club';
  } else {
    account.unassigned.push(item.id);
    item.place = 'unassigned';
  }
}
