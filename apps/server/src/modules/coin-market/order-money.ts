import { marketMessages } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import type { Db } from '../../db/client.js';
import type { MarketLegRecord } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import type { OrderRow } from '../payment/repo.js';
import { bookMoneyEvent } from './ledger-repo.js';
import type { Listings } from './listings.js';
import { stepAt, type MarketListeners } from './order-steps.js';
import { marketRepo, type MarketOrderRow } from './repo.js';
import { settlementOf } from './settlement.js';

/** Gives the unspent reservations of an order's legs back to its listing. */
export async function releaseReservations(tx: Db, order: MarketOrderRow, legs: readonly MarketLegRecord[]) {
  for (const leg of legs)
    if (leg.status !== 'success')
      await marketRepo.changePromised(tx, order.listingId, leg.accountId, leg.price);
}

/** The money of an order: paid into escrow, expired, refunded by an admin, settled after its delivery. */
export function createOrderMoney(ctx: AppContext, listings: Listings, listeners: MarketListeners) {
  const { db } = ctx;
  return {
    /** The checkout's verified payment (inside the event's transaction): the money goes to escrow. */
    async paid(tx: Db, checkoutOrder: OrderRow, eventId: string) {
      const order = await marketRepo.lockOrder(tx, checkoutOrder.priceId);
      if (!order || order.status !== 'awaiting_payment' || order.checkoutOrderId !== checkoutOrder.id) return;
      const now = ctx.now();
      const booked = await bookMoneyEvent(tx, {
        eventKey: `market:${order.id}:paid`,
        orderId: order.id,
        entries: [
          { book: 'payment', deltaCents: -order.amountCents },
          { book: 'escrow', deltaCents: order.amountCents },
        ],
        now,
      });
      if (booked === 'replayed') return;
      await marketRepo.updateOrder(tx, order.id, {
        status: 'paid',
        steps: [...order.steps, stepAt(marketMessages.paidInEscrow, 'success', now)],
        updatedAt: now,
      });
      // After the event's transaction commits (the delivery locks the order and sees it paid).
      setTimeout(() => {
        listeners.paid(order.id);
      }, 0);
      void eventId;
    },

    /** The checkout expired unpaid: the order is cancelled and its coins go back to the listing. */
    async expired(tx: Db, checkoutOrder: OrderRow) {
      const order = await marketRepo.lockOrder(tx, checkoutOrder.priceId);
      if (!order || order.status !== 'awaiting_payment') return;
      await releaseReservations(tx, order, order.legs);
      await marketRepo.updateOrder(tx, order.id, { status: 'cancelled', updatedAt: ctx.now() });
    },

    /**
     * An admin refunded the order's payment (inside the refund's transaction): the escrow goes
     * back to the buyer, the reserved coins back to the listing, and the order ends `refunded`, in
     * one ledger event. Refused while a transfer runs or once coins arrived (those settle through
     * the delivery: the FAQ gives no refunds after delivery). A second call changes nothing.
     */
    async refunded(tx: Db, checkoutOrder: OrderRow) {
      const order = await marketRepo.lockOrder(tx, checkoutOrder.priceId);
      if (!order || order.checkoutOrderId !== checkoutOrder.id || order.status === 'refunded') return;
      const isUntouched =
        (order.status === 'paid' || order.status === 'delivering') &&
        order.coinsDelivered === 0 &&
        order.legs.every((leg) => leg.status === 'planned');
      if (!isUntouched) throw badRequest(marketMessages.notRefundable, 'market_order_not_refundable');
      const now = ctx.now();
      const booked = await bookMoneyEvent(tx, {
        eventKey: `market:${order.id}:refunded`,
        orderId: order.id,
        entries: [
          { book: 'escrow', deltaCents: -order.amountCents },
          { book: 'refund', userId: order.buyerUserId, deltaCents: order.amountCents },
        ],
        now,
      });
      if (booked === 'replayed') return;
      await releaseReservations(tx, order, order.legs);
      const refunded = {
        status: 'refunded',
        legs: order.legs.map((leg) => ({ ...leg, status: 'failed' as const })),
        steps: [...order.steps, stepAt(marketMessages.refundedByAdmin(order.amountCents), 'success', now)],
        refundCents: order.amountCents,
        updatedAt: now,
      };
      await marketRepo.updateOrder(tx, order.id, refunded);
      // After the refund's transaction commits (both users' pages then read the refunded order).
      setTimeout(() => {
        listeners.changed({ ...order, ...refunded });
      }, 0);
    },

    /**
     * Ends a delivery once: the earned part of the escrow goes to the seller's payout balance
     * (minus the marketplace's cut), the rest back to the buyer, in one ledger event with the
     * order's final state. A second call (or a replayed outcome) changes nothing.
     */
    async settle(orderId: string, failure?: string) {
      const settled = await db.transaction(async (tx) => {
        const order = await marketRepo.lockOrder(tx, orderId);
        if (!order || (order.status !== 'paid' && order.status !== 'delivering')) return undefined;
        const now = ctx.now();
        const money = settlementOf(order);
        const booked = await bookMoneyEvent(tx, {
          eventKey: `market:${order.id}:settled`,
          orderId: order.id,
          entries: [
            { book: 'escrow', deltaCents: -order.amountCents },
            { book: 'payout', userId: order.sellerUserId, deltaCents: money.payoutCents },
            { book: 'fee', deltaCents: money.feeCents },
            { book: 'refund', userId: order.buyerUserId, deltaCents: money.refundCents },
          ],
          now,
        });
        if (booked === 'replayed') return undefined;
        const legs = order.legs.map((leg) =>
          leg.status === 'planned' || leg.status === 'running' ? { ...leg, status: 'failed' as const } : leg,
        );
        await releaseReservations(tx, order, legs);
        const isDelivered = order.coinsDelivered >= order.coins;
        const steps = [...order.steps];
        if (failure) steps.push(stepAt(failure, 'failed', now));
        if (order.coinsDelivered > 0)
          steps.push(stepAt(marketMessages.delivered(order.coinsDelivered), 'success', now));
        if (money.refundCents > 0)
          steps.push(stepAt(marketMessages.refunded(money.refundCents), 'success', now));
        if (money.payoutCents > 0)
          steps.push(stepAt(marketMessages.paidOut(money.payoutCents), 'success', now));
        return marketRepo.updateOrderReturning(tx, order.id, {
          status: isDelivered ? 'delivered' : 'failed',
          legs,
          steps,
          payoutCents: money.payoutCents,
          feeCents: money.feeCents,
          refundCents: money.refundCents,
          updatedAt: now,
        });
      });
      if (settled) {
        listeners.changed(settled);
        // The delivered coins left the seller's accounts; the reservations came back.
        await listings.recheckListingsOf(settled.legs.map((leg) => leg.accountId));
      }
      return settled;
    },
  };
}
