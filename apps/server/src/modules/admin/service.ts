import { FREE_TRIAL_DAYS, PERIOD_DAYS, trialExpiry } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { UserRow } from '../auth/repo.js';
import { sessionCacheOf } from '../auth/session-cache.js';
import { applyCreditChange } from '../credits/ledger.js';
import type { Catalogue } from '../payment/catalogue.js';
import type { ExternalOrderHandlers } from '../payment/index.js';
import { adminRepo } from './repo.js';

export const adminMessages = {
  userNotFound: 'User not found',
  orderNotRefundable: 'Only a paid order can be refunded',
  notEnoughCredits: 'The user does not have that many credits',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const presentAdminUser = (row: UserRow) => ({
  id: row.id,
  username: row.username,
  roles: row.roles,
  tier: row.tier,
  credits: row.credits,
  maxAccounts: row.maxAccounts,
  discordId: row.providers.discordId,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
});

/** What an admin may do to users and orders; every change of credits goes through the ledger. */
export function createAdminService(
  ctx: AppContext,
  catalogue: Catalogue,
  /** Orders of other modules paid through the checkout (the marketplace): they undo their own part. */
  externalOrders: ExternalOrderHandlers = {},
) {
  const { db } = ctx;
  // Verified sessions are cached briefly; the user's next request must see what the admin changed.
  const forgetSessions = (userId: string) => sessionCacheOf(ctx).forgetUser(userId);

  async function userOrThrow(id: string) {
    const row = await adminRepo.user(db, id);
    if (!row) throw notFound(adminMessages.userNotFound);
    return row;
  }

  return {
    async listUsers(search: string | undefined) {
      return (await adminRepo.listUsers(db, search)).map(presentAdminUser);
    },

    /** The 3-day free trial (a support ticket's outcome): the tier, from now or after a running plan. */
    async grantTrial(userId: string, tier: 'snipe' | 'transfer') {
      const user = await userOrThrow(userId);
      const now = ctx.now();
      const expiresAt = trialExpiry(user.expiresAt, now, FREE_TRIAL_DAYS);
      const updated = await adminRepo.setTier(db, userId, tier, expiresAt, now);
      forgetSessions(userId);
      return presentAdminUser(updated ?? user);
    },

    /** Adds or takes credits once per request id (a double-click books one change). */
    async changeCredits(userId: string, delta: number, requestId: string) {
      await userOrThrow(userId);
      const result = await applyCreditChange(db, {
        userId,
        delta,
        kind: 'admin',
        eventKey: `admin:${requestId}`,
      });
      if (result.status === 'insufficient')
        throw badRequest(adminMessages.notEnoughCredits, 'insufficient_credits');
      forgetSessions(userId);
      return presentAdminUser(await userOrThrow(userId));
    },

    async listOrders(userId: string) {
      const rows = await adminRepo.ordersOf(db, userId);
      return rows.map((row) => ({
        id: row.id,
        productId: row.productId,
        quantity: row.quantity,
        amountCents: row.amountCents,
        status: row.status,
        provider: row.provider,
        createdAt: row.createdAt.toISOString(),
        paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      }));
    },

    /**
     * Reverses what a paid order gave: its credits (as far as the balance still holds them), its
     * licences and its plan time; a marketplace order's escrow and reserved coins (its module
     * decides, in the same transaction). The money itself is returned in the provider's dashboard.
     */
    async refund(orderId: string) {
      let refundedUserId: string | undefined;
      const refunded = await db.transaction(async (tx) => {
        const order = await adminRepo.markRefunded(tx, orderId);
        if (!order || !order.userId) throw badRequest(adminMessages.orderNotRefundable, 'not_refundable');
        const external = externalOrders[order.productId];
        if (external) {
          await external.refunded(tx, order);
          return { orderId, creditsTaken: 0 };
        }
        const product = catalogue.products.find((candidate) => candidate.id === order.productId);
        const user = await adminRepo.user(tx, order.userId);
        if (!product || !user) return { orderId, creditsTaken: 0 };
        const now = ctx.now();
        const { tier, credits, licences } = product.grants;
        let creditsTaken = 0;
        if (credits) {
          creditsTaken = Math.min(credits * order.quantity, user.credits);
          if (creditsTaken > 0)
            await applyCreditChange(tx, {
              userId: user.id,
              delta: -creditsTaken,
              kind: 'refund',
              eventKey: `refund:${order.id}`,
            });
        }
        if (licences) await adminRepo.takeLicences(tx, user.id, licences * order.quantity);
        if (tier && user.expiresAt) {
          const pulledBack =
            user.expiresAt.getTime() - PERIOD_DAYS[product.price.type] * order.quantity * DAY_MS;
          await adminRepo.setExpiry(tx, user.id, new Date(Math.max(now.getTime(), pulledBack)), now);
        }
        refundedUserId = user?.id;
        return { orderId, creditsTaken };
      });
      if (refundedUserId) forgetSessions(refundedUserId);
      return refunded;
    },
  };
}
