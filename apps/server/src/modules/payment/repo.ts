import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checkoutOrders, coinOrders, paymentEvents, users } from '../../db/schema.js';

export type OrderRow = typeof checkoutOrders.$inferSelect;

/** Orders, provider events and coin orders. */
export const paymentRepo = {
  insertOrder: async (db: Db, row: typeof checkoutOrders.$inferInsert) => {
    const [order] = await db.insert(checkoutOrders).values(row).returning();
    if (!order) throw new Error('Order insert returned nothing');
    return order;
  },

  attachSession: (db: Db, orderId: string, sessionId: string) =>
    db.update(checkoutOrders).set({ providerSessionId: sessionId }).where(eq(checkoutOrders.id, orderId)),

  findOrder: async (db: Db, id: string) =>
    (await db.select().from(checkoutOrders).where(eq(checkoutOrders.id, id)).limit(1))[0],

  /** Books an event id; false when it was already booked (a replay). */
  claimEvent: async (db: Db, eventId: string, type: string) =>
    (
      await db
        .insert(paymentEvents)
        .values({ eventId, type, outcome: 'received' })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId })
    ).length === 1,

  settleEvent: (db: Db, eventId: string, orderId: string | null, outcome: string) =>
    db.update(paymentEvents).set({ orderId, outcome }).where(eq(paymentEvents.eventId, eventId)),

  /** Moves an open order on; false when it had already left `open`. */
  closeOrder: async (db: Db, id: string, status: 'paid' | 'cancelled', now: Date, userId?: string) =>
    (
      await db
        .update(checkoutOrders)
        .set({ status, ...(status === 'paid' ? { paidAt: now } : {}), ...(userId ? { userId } : {}) })
        .where(and(eq(checkoutOrders.id, id), eq(checkoutOrders.status, 'open')))
        .returning({ id: checkoutOrders.id })
    ).length === 1,

  setPendingToken: (db: Db, id: string, encrypted: string | null) =>
    db.update(checkoutOrders).set({ pendingTokenEncrypted: encrypted }).where(eq(checkoutOrders.id, id)),

  /** Erases a pending token if it is still the one read; false when another request took it first. */
  takePendingToken: async (db: Db, id: string, encrypted: string) =>
    (
      await db
        .update(checkoutOrders)
        .set({ pendingTokenEncrypted: null })
        .where(and(eq(checkoutOrders.id, id), eq(checkoutOrders.pendingTokenEncrypted, encrypted)))
        .returning({ id: checkoutOrders.id })
    ).length === 1,

  insertCoinOrder: (db: Db, row: typeof coinOrders.$inferInsert) => db.insert(coinOrders).values(row),

  setPlan: (db: Db, userId: string, tier: string, expiresAt: Date, now: Date) =>
    db.update(users).set({ tier, expiresAt, updatedAt: now }).where(eq(users.id, userId)),

  addLicences: (db: Db, userId: string, licences: number, now: Date) =>
    db
      .update(users)
      .set({ maxAccounts: sql`${users.maxAccounts} + ${licences}`, updatedAt: now })
      .where(eq(users.id, userId)),

  /** The user's plan expiry (null: none; undefined: no such user). */
  planExpiryOf: async (db: Db, userId: string) =>
    (await db.select({ expiresAt: users.expiresAt }).from(users).where(eq(users.id, userId)))[0]?.expiresAt,

  usernameOf: async (db: Db, userId: string) =>
    (await db.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]?.username,
};
