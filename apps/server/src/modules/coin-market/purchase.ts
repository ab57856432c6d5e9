import {
  errorMessages,
  marketMessages,
  maxDeliverableCoins,
  MIN_ORDER_COINS,
  NUMBER_LIMITS,
  orderAmountCents,
  planDelivery,
  platformOf,
  rarityOfId,
  type PurchaseListing,
} from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import type { AppContext } from '../../lib/app-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sbcClubRepo } from '../account/club-repo.js';
import { accountRepo, type AccountRow } from '../account/repo.js';
import type { UserRow } from '../auth/repo.js';
import type { PaymentService } from '../payment/service.js';
import { playerRecord } from '../player-data/player-record.js';
import { sourcesOf, type Listings } from './listings.js';
import { releaseReservations } from './order-money.js';
import { MARKET_PRODUCT_ID, stepAt, type MarketListeners } from './order-steps.js';
import { marketRepo } from './repo.js';

/** A buyer's purchase: the coins reserved on the listing's accounts, the order, and its checkout. */
export function createPurchase(
  ctx: AppContext,
  listings: Listings,
  payments: () => PaymentService | undefined,
  listeners: MarketListeners,
) {
  const { db } = ctx;
  const catalogue = loadCatalogue();
  const { closeBroken } = listings;

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

  return {
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
        const rows = await marketRepo.lockOpenAccountsOf(tx, listing.id);
        const sources = sourcesOf(rows);
        const legs = planDelivery(input.coins, sources, maxLegPrice, minLegPrice);
        if (!legs)
          throw badRequest(
            marketMessages.coinsAboveListing(maxDeliverableCoins(sources, maxLegPrice, minLegPrice)),
            'coins_above',
          );
        for (const leg of legs) await marketRepo.changePromised(tx, listing.id, leg.accountId, -leg.price);
        return marketRepo.insertOrder(tx, {
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
        });
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
          await releaseReservations(tx, order, order.legs);
          await marketRepo.updateOrder(tx, order.id, { status: 'cancelled', updatedAt: ctx.now() });
        });
        throw error;
      }
    },
  };
}
