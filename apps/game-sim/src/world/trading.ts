import { gameErrors } from '../core/errors.js';
import { isValidPrice, nextPrice } from '@tradedesk/domain';
import type { SearchCriteria } from './market-index.js';
import { scheduleSimBuyers } from './population.js';
import { fireMirrorTraps } from './traps.js';
import { refundHighestBid, settleSale } from './settlement.js';
import { addWatcher, removeWatcher, type Account, type Item, type Trade } from './types.js';
import type { World } from './world.js';

export const LIST_DURATIONS: readonly number[] = [3600, 10800, 21600, 43200, 86400, 259200];

/** The platform an account trades on (fixed at its first UT session). */
export function platformOf(account: Account): 'pc' | 'ps' {
  return account.platform ?? 'ps';
}

/** Items on the transfer list count against its capacity together with uncleared sold entries. */
export function tradepileUsed(account: Account): number {
  return account.tradepile.size + account.soldTrades.size;
}

export function requireMarket(account: Account): void {
  if (account.marketLocked) throw gameErrors.marketLocked();
}

/** GET transfermarket: one page of visible listings for the account's platform. */
export function searchMarket(
  world: World,
  account: Account,
  criteria: SearchCriteria,
  start: number,
  num: number,
): Trade[] {
  requireMarket(account);
  return world.index.search(platformOf(account), criteria, world.now(), start, num);
}

/** PUT trade/{id}/bid: a bid, or a Buy Now when the amount reaches the Buy Now price. */
export function placeBid(world: World, account: Account, tradeId: number, amount: number): Trade {
  requireMarket(account);
  const now = world.now();
  const trade = world.trades.get(tradeId);
  if (!trade || trade.platform !== platformOf(account) || trade.visibleAt > now) throw gameErrors.noTrade();
  if (trade.state === 'closed') throw gameErrors.permissionDenied('trade already sold');
  if (trade.state !== 'active' || trade.expiresAt <= now) throw gameErrors.noTrade();
  if (trade.sellerId === account.id) throw gameErrors.permissionDenied('cannot bid on your own trade');
  if (!Number.isInteger(amount) || !isValidPrice(amount))
    throw gameErrors.invalidBid(`bid ${amount} is not a valid price`);
  if (trade.buyNowPrice > 0 && amount >= trade.buyNowPrice) return buyNow(world, account, trade, now);
  const minimum = trade.currentBid === 0 ? trade.startingBid : nextPrice(trade.currentBid);
  if (amount < minimum || trade.highestBidderId === account.id)
    throw gameErrors.permissionDenied('bid too low');
  if (account.coins < amount) throw gameErrors.notEnoughCredits();
  if (!account.watchlist.has(tradeId) && account.watchlist.size >= world.options.piles.watchlist) {
    throw gameErrors.destinationFull();
  }
  refundHighestBid(world, trade, now);
  world.ledger.transfer(account, 'escrow', amount, 'bid-hold', now, tradeId);
  trade.currentBid = amount;
  trade.highestBidderId = account.id;
  trade.offers += 1;
  addWatcher(trade, account.id);
  account.watchlist.add(tradeId);
  return trade;
}

function buyNow(world: World, account: Account, trade: Trade, now: number): Trade {
  if (account.coins < trade.buyNowPrice) throw gameErrors.notEnoughCredits();
  if (account.unassigned.length >= world.options.piles.unassigned) throw gameErrors.unassignedFull();
  refundHighestBid(world, trade, now);
  addWatcher(trade, account.id);
  settleSale(world, trade, account, trade.buyNowPrice, 'buyNow', now);
  return trade;
}

/** Finds an item the account owns, or fails with 461 like the game. */
export function ownedItem(world: World, account: Account, itemId: number): Item {
  const item = world.items.get(itemId);
  if (!item || item.ownerId !== account.id || item.place === 'gone' || item.place === 'sbc') {
    throw gameErrors.permissionDenied(`item ${itemId} is not yours`);
  }
  return item;
}

/** Takes an item out of whatever pile holds it (not for listed items). */
export function detachItem(world: World, account: Account, item: Item): void {
  account.club.delete(item.id);
  account.tradepile.delete(item.id);
  const position = account.unassigned.indexOf(item.id);
  if (position >= 0) account.unassigned.splice(position, 1);
  if (item.place === 'won') {
    account.watchlist.delete(item.tradeId);
    const trade = world.trades.get(item.tradeId);
    removeWatcher(trade, account.id);
  }
}

/** POST auctionhouse: lists an owned item; returns the new trade. */
export function listItem(
  world: World,
  account: Account,
  itemId: number,
  startingBid: number,
  buyNowPrice: number,
  duration: number,
): Trade {
  requireMarket(account);
  const now = world.now();
  const item = ownedItem(world, account, itemId);
  if (item.place === 'listed') throw gameErrors.conflict('item is already listed');
  if (item.untradeable) throw gameErrors.permissionDenied('item is untradeable');
  if (!LIST_DURATIONS.includes(duration))
    throw gameErrors.invalidBid(`duration must be one of ${LIST_DURATIONS.join(', ')}`);
  if (!isValidPrice(startingBid) || !isValidPrice(buyNowPrice) || buyNowPrice <= startingBid) {
    throw gameErrors.invalidBid('starting bid and Buy Now must be valid prices with Buy Now above the bid');
  }
  const limits = world.values.limits(item.cardIndex, platformOf(account), now);
  if (startingBid < limits.minPrice || buyNowPrice > limits.maxPrice) {
    throw gameErrors.conflict(`prices must lie between ${limits.minPrice} and ${limits.maxPrice}`);
  }
  if (item.place !== 'trade' && tradepileUsed(account) >= world.options.piles.tradepile)
    throw gameErrors.destinationFull();
  detachItem(world, account, item);
  account.tradepile.add(item.id);
  const terms = {
    cardIndex: item.cardIndex,
    platform: platformOf(account),
    startingBid,
    buyNowPrice,
    duration,
  };
  fireMirrorTraps(world, terms);
  const trade = world.openListing({
    item,
    platform: platformOf(account),
    sellerId: account.id,
    startingBid,
    buyNowPrice,
    duration,
    listedAt: now,
  });
  item.place = 'listed';
  item.lastListing = { startingBid, buyNowPrice, duration };
  scheduleSimBuyers(world, trade);
  return trade;
}

/** PUT auctionhouse/relist: relists every expired, unsold item at its previous terms. */
export function relistAll(world: World, account: Account): Trade[] {
  requireMarket(account);
  const relisted: Trade[] = [];
  for (const itemId of [...account.tradepile]) {
    const item = world.items.get(itemId);
    const previous = world.trades.get(item?.tradeId ?? 0);
    if (!item || !item.lastListing || item.place !== 'trade' || previous?.state !== 'expired') continue;
    const { startingBid, buyNowPrice, duration } = item.lastListing;
    relisted.push(listItem(world, account, itemId, startingBid, buyNowPrice, duration));
  }
  return relisted;
}

/** DELETE trade/sold: clears every sold entry. */
export function clearSold(account: Account): void {
  account.soldTrades.clear();
}

/** DELETE item/{id}: quick sells items for their discard value. */
export function quickSell(world: World, account: Account, itemIds: readonly number[]): number {
  const items = itemIds.map((itemId) => ownedItem(world, account, itemId));
  if (items.some((item) => item.place === 'listed')) throw gameErrors.permissionDenied('item is listed');
  let total = 0;
  const now = world.now();
  for (const item of items) {
    detachItem(world, account, item);
    const value = world.card(item.cardIndex).discardValue;
    world.ledger.transfer('issuer', account, value, 'quick-sell', now);
    item.place = 'gone';
    item.ownerId = 0;
    world.items.delete(item.id);
    total += value;
  }
  return total;
}
