import type { MarketStepRecord } from '../../db/schema.js';
import type { MarketOrderRow } from './repo.js';

/** The product id marketplace orders carry in the checkout (the fulfilment routes them here). */
export const MARKET_PRODUCT_ID = 'market-coins';

/** One line of an order's progress as both its users see it. */
export const stepAt = (text: string, status: MarketStepRecord['status'], now: Date): MarketStepRecord => ({
  text,
  status,
  at: now.toISOString(),
});

/** An order as one of its two users sees it: no account ids, names or e-mails of the other side. */
export function presentOrder(order: MarketOrderRow, userId: string) {
  return {
    id: order.id,
    role: order.buyerUserId === userId ? ('buyer' as const) : ('seller' as const),
    listingId: order.listingId,
    platform: order.platform,
    coins: order.coins,
    coinsDelivered: order.coinsDelivered,
    amountCents: order.amountCents,
    payoutCents: order.payoutCents,
    refundCents: order.refundCents,
    status: order.status,
    transfers: order.legs.length,
    steps: order.steps,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Told after an order changed (both users' pages) and after one was paid (start its delivery). */
export interface MarketListeners {
  changed: (order: MarketOrderRow) => void;
  paid: (orderId: string) => void;
}
