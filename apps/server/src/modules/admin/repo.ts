import { desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checkoutOrders, users } from '../../db/schema.js';

/** What the admin pages read and change: users (any of them) and their checkout orders. */
export const adminRepo = {
  async user(db: Db, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /** Newest first, at most 200; `search` is a part of the user name (wildcards taken literally). */
  listUsers: (db: Db, search: string | undefined) =>
    db
      .select()
      .from(users)
      .where(search ? ilike(users.username, `%${search.replace(/[%_\\]/g, '\\$&')}%`) : undefined)
      .orderBy(desc(users.createdAt))
      .limit(200),

  async setTier(db: Db, userId: string, tier: 'snipe' | 'transfer', expiresAt: Date, now: Date) {
    const [updated] = await db
      .update(users)
      .set({ tier, expiresAt, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return updated;
  },

  /** The user's newest 100 orders. */
  ordersOf: (db: Db, userId: string) =>
    db
      .select()
      .from(checkoutOrders)
      .where(eq(checkoutOrders.userId, userId))
      .orderBy(desc(checkoutOrders.createdAt))
      .limit(100),

  /** Marks a paid order refunded; undefined when it is not (or no longer) paid. */
  async markRefunded(db: Db, orderId: string) {
    const [order] = await db
      .update(checkoutOrders)
      .set({ status: 'refunded' })
      .where(sql`${checkoutOrders.id} = ${orderId} and ${checkoutOrders.status} = 'paid'`)
      .returning();
    return order;
  },

  /** Takes licences back, never below one. */
  takeLicences: (db: Db, userId: string, licences: number) =>
    db
      .update(users)
      .set({ maxAccounts: sql`greatest(1, ${users.maxAccounts} - ${licences})` })
      .where(eq(users.id, userId)),

  setExpiry: (db: Db, userId: string, expiresAt: Date, now: Date) =>
    db.update(users).set({ expiresAt, updatedAt: now }).where(eq(users.id, userId)),
};
