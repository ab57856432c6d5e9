import { amountAfterTax, nextPrice } from '@tradedesk/domain';
import type { WorldEvent } from './event-queue.js';
import type { Account, Trade } from './types.js';
import type { WorldState } from './world-state.js';

/** The buyer of a sale: an account, or a simulated buyer of the world. */
export type Buyer = Account | 'sim';

function accountOf(world: WorldState, id: number): Account | undefined {
  return id > 0 ? world.accounts.get(id) : undefined;
}

/** Returns a held bid to its bidder. */
export function refundHighestBid(world: WorldState, trade: Trade, now: number): void {
  const bidder = accountOf(world, trade.highestBidderId);
  if (bidder && trade.currentBid > 0)
    world.ledger.transfer('escrow', bidder, trade.currentBid, 'bid-refund', now, trade.tradeId);
}

/** Forgets a finished trade nobody can ask about any more (a simulated seller's, never watched). */
function forgetIfUnwatched(world: WorldState, trade: Trade): void {
  if (trade.sellerId !== 0 || (trade.watchers?.size ?? 0) > 0) return;
  world.trades.delete(trade.tradeId);
  const item = world.items.get(trade.itemId);
  if (item && item.ownerId === 0) world.items.delete(item.id);
}

/**
 * Closes `trade` as sold at `price`: the buyer pays (from the escrow for a won auction), the
 * seller receives floor(price × 0.95), the rest goes to the tax sink; the item changes owner.
 */
export function settleSale(
  world: WorldState,
  trade: Trade,
  buyer: Buyer,
  price: number,
  outcome: 'buyNow' | 'bid',
  now: number,
): void {
  const seller = accountOf(world, trade.sellerId);
  const source = buyer === 'sim' ? 'simBuyers' : outcome === 'bid' ? 'escrow' : buyer;
  const proceeds = amountAfterTax(price);
  const simOnly = buyer === 'sim' && !seller;
  if (!simOnly) {
    world.ledger.transfer(
      source,
      seller ?? 'simSellers',
      proceeds,
      seller ? 'sale-proceeds' : 'buy-now',
      now,
      trade.tradeId,
    );
    world.ledger.transfer(source, 'tax', price - proceeds, 'sale-tax', now, trade.tradeId);
  }
  trade.state = 'closed';
  trade.outcome = outcome;
  trade.currentBid = price;
  trade.highestBidderId = buyer === 'sim' ? -1 : buyer.id;
  world.index.remove(trade);
  const item = world.items.get(trade.itemId);
  if (!item) throw new Error(`trade ${trade.tradeId} has no item`);
  item.lastSalePrice = price;
  if (seller) {
    seller.tradepile.delete(item.id);
    seller.soldTrades.add(trade.tradeId);
  }
  if (buyer === 'sim') {
    item.ownerId = 0;
    item.place = 'gone';
    if (seller) world.items.delete(item.id);
  } else {
    item.ownerId = buyer.id;
    if (outcome === 'buyNow') {
      item.place = 'unassigned';
      buyer.unassigned.push(item.id);
    } else {
      item.place = 'won';
      buyer.watchlist.add(trade.tradeId);
    }
  }
  forgetIfUnwatched(world, trade);
}

function expire(world: WorldState, trade: Trade, now: number): void {
  if (trade.state !== 'active') return;
  if (trade.highestBidderId !== 0) {
    const winner = accountOf(world, trade.highestBidderId);
    settleSale(world, trade, winner ?? 'sim', trade.currentBid, 'bid', now);
    return;
  }
  trade.state = 'expired';
  trade.outcome = 'expired';
  world.index.remove(trade);
  const item = world.items.get(trade.itemId);
  if (item && trade.sellerId !== 0) item.place = 'trade';
  else if (item) item.place = 'gone';
  forgetIfUnwatched(world, trade);
}

function simBid(world: WorldState, trade: Trade, now: number): void {
  if (trade.state !== 'active') return;
  const value = world.values.value(trade.cardIndex, trade.platform, now);
  const amount = trade.currentBid === 0 ? trade.startingBid : nextPrice(trade.currentBid);
  if (amount > value * 0.9 || amount >= trade.buyNowPrice) return;
  refundHighestBid(world, trade, now);
  trade.currentBid = amount;
  trade.highestBidderId = -1;
  trade.offers += 1;
}

/** Runs one scheduled event. */
export function handleEvent(world: WorldState, event: WorldEvent): void {
  const trade = world.trades.get(event.tradeId);
  if (!trade) return;
  if (event.kind === 'expire') expire(world, trade, event.at);
  else if (event.kind === 'simBid') simBid(world, trade, event.at);
  else if (trade.state === 'active') {
    refundHighestBid(world, trade, event.at);
    settleSale(world, trade, 'sim', trade.buyNowPrice, 'buyNow', event.at);
  }
}
