import { COINS_PER_UNIT, extendedExpiry } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import type { Db } from '../../db/client.js';
import { randomCode } from '../../lib/crypto.js';
import { sessionCacheOf } from '../auth/session-cache.js';
import { applyCreditChange } from '../credits/ledger.js';
import { createUserWithToken } from '../user/commands.js';
import type { Catalogue, CatalogueProduct } from './catalogue.js';
import type { CheckoutEvent } from './provider.js';
import { paymentRepo, type OrderRow } from './repo.js';

export type EventOutcome =
  | 'fulfilled'
  | 'cancelled'
  /** The event id was seen before: nothing changed. */
  | 'replayed'
  /** Verified, but not ours to act on (other type, unknown order, already settled, amount mismatch). */
  | 'ignored';

const usernameAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * Orders of another module that are paid through this checkout (the marketplace): their product
 * id is not in the catalogue, and their effects run in the event's own transaction.
 */
export interface ExternalOrderHandler {
  /** The verified payment: move the order on (e.g. hold the money in escrow). */
  paid(tx: Db, order: OrderRow, eventId: string): Promise<void>;
  /** The checkout expired unpaid. */
  expired(tx: Db, order: OrderRow): Promise<void>;
  /**
   * An admin refunded the paid order (inside the refund's transaction): undo what `paid` did,
   * once. Throws an HttpError to refuse, which rolls the refund back.
   */
  refunded(tx: Db, order: OrderRow): Promise<void>;
}

/** Associated data of a new user's licence token while it waits for the success page. */
export const pendingTokenContext = (orderId: string) => `checkout-token:${orderId}`;

/**
 * Acts on one verified provider event exactly once. The event id is booked in the same
 * transaction as everything the event does, so a replay, a concurrent delivery or a second event
 * for an order already settled changes nothing.
 */
export function createFulfilment(
  ctx: AppContext,
  catalogue: Catalogue,
  externalOrders: Readonly<Record<string, ExternalOrderHandler>> = {},
) {
  const productOf = (id: string) => catalogue.products.find((product) => product.id === id);

  async function newBuyer(tx: Db, order: OrderRow) {
    const username = `trader_${randomCode(8, usernameAlphabet)}`;
    const { user, token } = await createUserWithToken(tx, { username });
    await paymentRepo.setPendingToken(tx, order.id, ctx.cipher.encrypt(token, pendingTokenContext(order.id)));
    return user.id;
  }

  async function grant(tx: Db, order: OrderRow, product: CatalogueProduct, userId: string, now: Date) {
    const { tier, credits, licences } = product.grants;
    if (tier) {
      const current = await paymentRepo.planExpiryOf(tx, userId);
      const expiresAt = extendedExpiry(current ?? null, now, product.price.type, order.quantity);
      await paymentRepo.setPlan(tx, userId, tier, expiresAt, now);
    }
    if (licences) await paymentRepo.addLicences(tx, userId, licences * order.quantity, now);
    if (credits) {
      await applyCreditChange(tx, {
        userId,
        delta: credits * order.quantity,
        kind: 'purchase',
        eventKey: `checkout:${order.id}`,
      });
    }
    if (product.type === 'coin' && product.platform) {
      await paymentRepo.insertCoinOrder(tx, {
        orderId: order.id,
        userId,
        platform: product.platform,
        coins: order.quantity * COINS_PER_UNIT,
      });
    }
    if (order.referrerUserId && catalogue.referral.referrerCredits > 0) {
      await applyCreditChange(tx, {
        userId: order.referrerUserId,
        delta: catalogue.referral.referrerCredits,
        kind: 'referral',
        eventKey: `referral:${order.id}`,
      });
    }
  }

  /** Whether a completed session is exactly the order it names: same session, amount, paid. */
  function matches(order: OrderRow, session: CheckoutEvent['data']['object']) {
    return (
      session.id === order.providerSessionId &&
      session.amount_total === order.amountCents &&
      session.payment_status === 'paid'
    );
  }

  async function act(tx: Db, event: CheckoutEvent, order: OrderRow | undefined): Promise<EventOutcome> {
    if (!order || order.status !== 'open') return 'ignored';
    const now = ctx.now();
    const external = externalOrders[order.productId];
    if (event.type === 'checkout.session.expired') {
      if (!(await paymentRepo.closeOrder(tx, order.id, 'cancelled', now))) return 'ignored';
      await external?.expired(tx, order);
      return 'cancelled';
    }
    if (external) {
      if (!order.userId || !matches(order, event.data.object)) return 'ignored';
      if (!(await paymentRepo.closeOrder(tx, order.id, 'paid', now))) return 'ignored';
      await external.paid(tx, order, event.id);
      return 'fulfilled';
    }
    const product = productOf(order.productId);
    if (!product || !matches(order, event.data.object)) return 'ignored';
    const userId = order.userId ?? (await newBuyer(tx, order));
    if (!(await paymentRepo.closeOrder(tx, order.id, 'paid', now, userId))) return 'ignored';
    await grant(tx, { ...order, userId }, product, userId, now);
    return 'fulfilled';
  }

  return {
    async handle(event: CheckoutEvent): Promise<EventOutcome> {
      let touchedUserIds: string[] = [];
      const handled = await ctx.db.transaction(async (tx) => {
        if (!(await paymentRepo.claimEvent(tx, event.id, event.type))) return 'replayed';
        const isCheckoutEvent =
          event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired';
        const orderId = event.data.object.client_reference_id;
        const order =
          isCheckoutEvent && typeof orderId === 'string' && orderId.length <= 64
            ? await paymentRepo.findOrder(tx, orderId)
            : undefined;
        const outcome = await act(tx, event, order);
        await paymentRepo.settleEvent(tx, event.id, order?.id ?? null, outcome);
        touchedUserIds = [order?.userId, order?.referrerUserId].filter((id): id is string => !!id);
        return outcome;
      });
      // Verified sessions are cached briefly; the buyer's next page must see what was granted.
      for (const userId of touchedUserIds) sessionCacheOf(ctx).forgetUser(userId);
      return handled;
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
