// Over 400 lines until the run model (issue 27, step 4) makes coin-market delivery a run kind: listings, orders and
// reservations share one transaction scope here, and the split follows that redesign rather than precede it.
import {
  euroToCents,
  marketMessages,
  maxDeliverableCoins,
  MIN_ORDER_COINS,
  orderAmountCents,
  planDelivery,
  rarityOfId,
  sellableCoins,
  type CreateListing,
  type DeliverySource,
  type PurchaseListing,
  errorMessages,
  NUMBER_LIMITS,
  platformOf,
} from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import {
  coinListingAccounts,
  coinListings,
  marketOrders,
  type MarketLegRecord,
  type MarketStepRecord,
} from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { accountRepo, type AccountRow } from '../account/repo.js';
import { playerRecord } from '../player-data/player-record.js';
import { sbcClubRepo } from '../account/club-repo.js';
import type { UserRow } from '../auth/repo.js';
import type { OrderRow } from '../payment/repo.js';
import type { PaymentService } from '../payment/service.js';
import { bookMoneyEvent } from './ledger.js';
import { marketRepo, type ListingAccount, type ListingRow, type MarketOrderRow } from './repo.js';
import { settlementOf } from './settlement.js';

/** The product id marketplace orders carry in the checkout (the fulfilment routes them here). */
export const MARKET_PRODUCT_ID = 'market-coins';

export const stepAt = (text: string, status: MarketStepRecord['status'], now: Date): MarketStepRecord => ({
  text,
  status,
  at: now.toISOString(),
});

/** Coins still reserved on an account by the live orders' unfinished transfers. */
function reservedByAccount(orders: readonly MarketOrderRow[]) {
  const reserved = new Map<string, number>();
  for (const order of orders)
    for (const leg of order.legs)
      if (leg.status === 'planned' || leg.status === 'running')
        reserved.set(leg.accountId, (reserved.get(leg.accountId) ?? 0) + leg.price);
  return reserved;
}

/** Listings, purchases and the money of an order; the delivery itself is delivery.ts. */
export function createMarketService(ctx: AppContext, payments: () => PaymentService | undefined) {
  const { db } = ctx;
  const catalogue = loadCatalogue();
  /** Told after an order changed (both users' pages) and after one was paid (start its delivery). */
  const listeners = { changed: (_order: MarketOrderRow) => {}, paid: (_orderId: string) => {} };

  const sourcesOf = (rows: ReadonlyArray<{ accountId: string; promisedCoins: number }>): DeliverySource[] =>
    rows.map((row) => ({ accountId: row.accountId, coins: row.promisedCoins }));

  /**
   * Closes those of `listings` that are open and cannot keep their promise: sold out, or an
   * account whose synced balance fell below its minimum plus the coins it still promises and has
   * reserved. `rows` are their accounts, as the caller just read them. Returns the closed ones'
   * reasons by id.
   */
  async function closeBroken(listings: readonly ListingRow[], rows: readonly ListingAccount[]) {
    const open = listings.filter((listing) => listing.isOpen);
    const closed = new Map<string, string>();
    if (open.length === 0) return closed;
    const reserved = reservedByAccount(
      await marketRepo.liveOrdersOfListings(
        db,
        open.map((listing) => listing.id),
      ),
    );
    const now = ctx.now();
    for (const listing of open) {
      const mine = rows.filter((row) => row.listingId === listing.id && row.isOpen);
      const broken = mine.some(
        (row) =>
          row.balance < listing.minimumBalance + row.promisedCoins + (reserved.get(row.accountId) ?? 0),
      );
      const soldOut = maxDeliverableCoins(sourcesOf(mine)) < MIN_ORDER_COINS;
      if (broken || soldOut) {
        const reason = broken ? marketMessages.balanceFell : marketMessages.soldOut;
        await marketRepo.closeListing(db, listing.id, reason, now);
        closed.set(listing.id, reason);
      }
    }
    return closed;
  }

  /** Rechecks the open listings that hold any of these accounts (their balances were just synced). */
  async function recheckListingsOf(accountIds: readonly string[]) {
    const listings = await marketRepo.openListingsOfAccounts(db, accountIds);
    const rows = await marketRepo.accountsOf(
      db,
      listings.map((listing) => listing.id),
    );
    return closeBroken(listings, rows);
  }

  /** Listings as the spec's CoinListing; account ids only on the caller's own. */
  async function present(
    listings: readonly ListingRow[],
    callerId: string,
    accountRows?: readonly ListingAccount[],
  ) {
    const rows =
      accountRows ??
      (await marketRepo.accountsOf(
        db,
        listings.map((listing) => listing.id),
      ));
    return listings.map((listing) => {
      const mine = rows.filter((row) => row.listingId === listing.id && (row.isOpen || !listing.isOpen));
      const coins = listing.isOpen ? maxDeliverableCoins(sourcesOf(mine)) : 0;
      const isOwn = listing.userId === callerId;
      return {
        id: listing.id,
        platform: listing.platform,
        coins,
        averageCoinsPerAccount: mine.length === 0 ? 0 : Math.floor(coins / mine.length),
        price: listing.priceCents / 100,
        createdAt: listing.createdAt.toISOString(),
        accountIds: isOwn ? mine.map((row) => row.accountId) : [],
        isOwn,
        isOpen: listing.isOpen,
        closedReason: listing.closedReason,
      };
    });
  }

  /**
   * A read of listings: the ones it shows are rechecked once, from the same account rows they are
   * then presented with (balances change outside the marketplace too, so a read is where a broken
   * promise is sure to be seen).
   */
  async function presentRechecked(listings: readonly ListingRow[], callerId: string) {
    const rows = await marketRepo.accountsOf(
      db,
      listings.map((listing) => listing.id),
    );
    const closed = await closeBroken(listings, rows);
    const current = listings.map((listing) => {
      const reason = closed.get(listing.id);
      return reason === undefined ? listing : { ...listing, isOpen: false, closedReason: reason };
    });
    return present(current, callerId, rows);
  }

  /**
   * The definition id of the card the buyer's account lists: `cardId` is a player's definition id,
   * or (above int32) the game's item id of a card in that account's club as its last read found it.
   */
  async function deliveryDefinitionOf(user: UserRow, buyerAccount: AccountRow, cardId: number) {
    if (cardId <= NUMBER_LIMITS.integer) return cardId;
    const club = await sbcClubRepo.of(db, user.id, buyerAccount.id);
    const owned = club?.cards.find((card) => card.itemId === cardId);
    if (!owned) throw badRequest(marketMessages.itemNotInClub(cardId), 'item_not_in_club');
    if (owned.untradeable) throw badRequest(marketMessages.itemUntradeable, 'item_untradeable');
    return owned.definitionId;
  }

  /** Gives the unspent reservations of an order's legs back to its listing. */
  async function release(tx: Db, order: MarketOrderRow, legs: readonly MarketLegRecord[]) {
    for (const leg of legs) {
      if (leg.status === 'success') continue;
      await tx
        .update(coinListingAccounts)
        .set({ promisedCoins: sql`${coinListingAccounts.promisedCoins} + ${leg.price}` })
        .where(
          and(
            eq(coinListingAccounts.listingId, order.listingId),
            eq(coinListingAccounts.accountId, leg.accountId),
          ),
        );
    }
  }

  return {
    listeners,
    recheckListingsOf,

    async openListings(user: UserRow) {
      const shown = await presentRechecked(await marketRepo.openListings(db), user.id);
      return shown.filter((listing) => listing.isOpen);
    },

    async listingsOf(user: UserRow) {
      return presentRechecked(await marketRepo.listingsOf(db, user.id), user.id);
    },

    async createListing(user: UserRow, input: CreateListing) {
      const accountIds = [...new Set(input.accountIds)];
      const owned: AccountRow[] = [];
      for (const id of accountIds) {
        const account = await accountRepo.findOwned(db, user.id, id);
        if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
        owned.push(account);
      }
      if (owned.some((account) => platformOf(account) !== input.platform))
        throw badRequest(marketMessages.accountsSamePlatform, 'listing_platform');
      if ((await marketRepo.listedAccountIds(db, accountIds)).length > 0)
        throw badRequest(marketMessages.accountAlreadyListed, 'account_listed');
      const promised = owned.map((account) => sellableCoins(account.coins, input.minimumBalance));
      const sources = owned.map((account, index) => ({ accountId: account.id, coins: promised[index] ?? 0 }));
      if (maxDeliverableCoins(sources) < MIN_ORDER_COINS)
        throw badRequest(marketMessages.nothingToSell, 'listing_empty');
      const now = ctx.now();
      const listing = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(coinListings)
            .values({
              userId: user.id,
              platform: input.platform,
              priceCents: euroToCents(input.price),
              minimumBalance: input.minimumBalance,
              createdAt: now,
            })
            .returning();
          if (!row) throw new Error('listing was not stored');
          await tx.insert(coinListingAccounts).values(
            owned.map((account, position) => ({
              listingId: row.id,
              accountId: account.id,
              promisedCoins: promised[position] ?? 0,
              position,
            })),
          );
          return row;
        })
        .catch((error: unknown) => {
          // Two requests listing one account at once: the open-account index let one win.
          if (isUniqueViolation(error))
            throw badRequest(marketMessages.accountAlreadyListed, 'account_listed');
          throw error;
        });
      const [presented] = await present([listing], user.id);
      return presented;
    },

    /** Reserves the coins, opens the order and its checkout; returns where to pay. */
    async purchase(user: UserRow, input: PurchaseListing, siteUrl: string) {
      const listing = await marketRepo.listing(db, input.id);
      if (
        !listing ||
        !listing.isOpen ||
        (await closeBroken([listing], await marketRepo.accountsOf(db, [listing.id]))).has(listing.id)
      )
        throw notFound(marketMessages.listingNotFound, 'listing_not_found');
      if (listing.userId === user.id) throw badRequest(marketMessages.ownListing, 'own_listing');
      const buyerAccount = await accountRepo.findOwned(db, user.id, input.buyerAccountId);
      if (!buyerAccount) throw notFound(errorMessages.accountNotFound, 'account_not_found');
      if (platformOf(buyerAccount) !== listing.platform)
        throw badRequest(marketMessages.buyerAccountPlatform, 'buyer_platform');
      const card = catalogue.byDefinitionId(await deliveryDefinitionOf(user, buyerAccount, input.cardId));
      if (!card) throw badRequest(marketMessages.cardUnknown, 'card_unknown');
      if (rarityOfId(card.rarityId) === 'any') throw badRequest(marketMessages.cardNotRare, 'card_not_rare');
      // Every transfer lists the card within its Buy Now range (the game refuses others); a card
      // with no recent price keeps the ladder's own bounds.
      const record = await playerRecord(db, card.definitionId, rarityOfId(card.rarityId), ctx.now());
      const maxLegPrice = record?.maxPrice ?? undefined;
      const minLegPrice = record?.minPrice ?? undefined;
      if (input.coins < MIN_ORDER_COINS) throw badRequest(marketMessages.coinsTooFew, 'coins_too_few');
      const checkout = payments();
      if (!checkout) throw badRequest('Payments are not available', 'payments_unavailable');

      const now = ctx.now();
      const order = await db.transaction(async (tx) => {
        // Rows locked: two buyers cannot reserve the same coins.
        const rows = await tx
          .select()
          .from(coinListingAccounts)
          .where(and(eq(coinListingAccounts.listingId, listing.id), eq(coinListingAccounts.isOpen, true)))
          .orderBy(coinListingAccounts.position)
          .for('update');
        const sources = sourcesOf(rows);
        const legs = planDelivery(input.coins, sources, maxLegPrice, minLegPrice);
        if (!legs)
          throw badRequest(
            marketMessages.coinsAboveListing(maxDeliverableCoins(sources, maxLegPrice, minLegPrice)),
            'coins_above',
          );
        for (const leg of legs)
          await tx
            .update(coinListingAccounts)
            .set({ promisedCoins: sql`${coinListingAccounts.promisedCoins} - ${leg.price}` })
            .where(
              and(
                eq(coinListingAccounts.listingId, listing.id),
                eq(coinListingAccounts.accountId, leg.accountId),
              ),
            );
        const [row] = await tx
          .insert(marketOrders)
          .values({
            listingId: listing.id,
            buyerUserId: user.id,
            sellerUserId: listing.userId,
            buyerAccountId: buyerAccount.id,
            platform: listing.platform,
            cardDefinitionId: card.definitionId,
            coins: input.coins,
            amountCents: orderAmountCents(input.coins, listing.priceCents),
            legs: legs.map((leg) => ({ ...leg, status: 'planned' as const })),
            steps: [stepAt(marketMessages.orderSubmitted, 'success', now)],
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('order was not stored');
        return row;
      });
      try {
        const { url, orderId } = await checkout.checkoutExternal(
          {
            userId: user.id,
            productId: MARKET_PRODUCT_ID,
            priceId: order.id,
            productName: `${input.coins.toLocaleString('en-US')} coins (${listing.platform.toUpperCase()})`,
            amountCents: order.amountCents,
            returnPath: `/marketplace?order=${order.id}`,
          },
          siteUrl,
        );
        await marketRepo.updateOrder(db, order.id, { checkoutOrderId: orderId });
        listeners.changed(order);
        return { url, orderId: order.id, message: marketMessages.orderSubmitted };
      } catch (error) {
        await db.transaction(async (tx) => {
          await release(tx, order, order.legs);
          await marketRepo.updateOrder(tx, order.id, { status: 'cancelled', updatedAt: ctx.now() });
        });
        throw error;
      }
    },

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
      await release(tx, order, order.legs);
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
      await release(tx, order, order.legs);
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
        await release(tx, order, legs);
        const isDelivered = order.coinsDelivered >= order.coins;
        const steps = [...order.steps];
        if (failure) steps.push(stepAt(failure, 'failed', now));
        if (order.coinsDelivered > 0)
          steps.push(stepAt(marketMessages.delivered(order.coinsDelivered), 'success', now));
        if (money.refundCents > 0)
          steps.push(stepAt(marketMessages.refunded(money.refundCents), 'success', now));
        if (money.payoutCents > 0)
          steps.push(stepAt(marketMessages.paidOut(money.payoutCents), 'success', now));
        const [row] = await tx
          .update(marketOrders)
          .set({
            status: isDelivered ? 'delivered' : 'failed',
            legs,
            steps,
            payoutCents: money.payoutCents,
            feeCents: money.feeCents,
            refundCents: money.refundCents,
            updatedAt: now,
          })
          .where(eq(marketOrders.id, order.id))
          .returning();
        return row;
      });
      if (settled) {
        listeners.changed(settled);
        // The delivered coins left the seller's accounts; the reservations came back.
        await recheckListingsOf(settled.legs.map((leg) => leg.accountId));
      }
      return settled;
    },

    /** The user's orders (bought or sold), as their pages show them. */
    async ordersOf(user: UserRow) {
      return (await marketRepo.ordersOf(db, user.id)).map((order) => presentOrder(order, user.id));
    },
  };
}

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

export type MarketService = ReturnType<typeof createMarketService>;
