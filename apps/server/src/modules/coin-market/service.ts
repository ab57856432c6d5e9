import type { AppContext } from '../../lib/app-context.js';
import { forbidden } from '../../lib/errors.js';
import type { UserRow } from '../auth/repo.js';
import { licencePrefix } from '../auth/licence.js';
import type { PaymentService } from '../payment/service.js';
import { createListings } from './listings.js';
import { createOrderMoney } from './order-money.js';
import { presentOrder, type MarketListeners } from './order-steps.js';
import { userBookBalance } from './ledger-repo.js';
import { createPurchase } from './purchase.js';
import { marketRepo } from './repo.js';

export { MARKET_PRODUCT_ID, presentOrder, stepAt } from './order-steps.js';

/**
 * The coin marketplace's service, one job per file: listings (listings.ts), purchases (purchase.ts)
 * and an order's money (order-money.ts); the delivery itself is delivery.ts.
 */
export function createMarketService(
  ctx: AppContext,
  payments: () => PaymentService | undefined,
  /** Who hears of orders that changed and were paid (the delivery), given at construction. */
  listeners: MarketListeners,
) {
  const listings = createListings(ctx);
  const purchase = createPurchase(ctx, listings, payments, listeners);
  const money = createOrderMoney(ctx, listings, listeners);
  return {
    recheckListingsOf: listings.recheckListingsOf,
    openListings: listings.openListings,
    listingsOf: listings.listingsOf,

    /** The caller's own listings, asked for by their licence token ('me' for a session without one). */
    async listingsByToken(user: UserRow, token: string) {
      if (token !== 'me' && licencePrefix(token) !== user.tokenPrefix)
        throw forbidden('You can only see your own listings', 'not_your_listings');
      return listings.listingsOf(user);
    },
    createListing: listings.createListing,
    purchase: purchase.purchase,
    paid: money.paid,
    expired: money.expired,
    refunded: money.refunded,
    settle: money.settle,

    /** The user's payout balance and what was refunded to them, in cents. */
    async balanceOf(user: UserRow) {
      const [payoutCents, refundedCents] = await Promise.all([
        userBookBalance(ctx.db, user.id, 'payout'),
        userBookBalance(ctx.db, user.id, 'refund'),
      ]);
      return { payoutCents, refundedCents };
    },

    /** The user's orders (bought or sold), as their pages show them. */
    async ordersOf(user: UserRow) {
      return (await marketRepo.ordersOf(ctx.db, user.id)).map((order) => presentOrder(order, user.id));
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
