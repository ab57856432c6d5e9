import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, coinListingAccounts, coinListings, marketOrders } from '../../db/schema.js';

export type ListingRow = typeof coinListings.$inferSelect;
export type ListingAccountRow = typeof coinListingAccounts.$inferSelect;
export type MarketOrderRow = typeof marketOrders.$inferSelect;

/** Orders whose coins are still reserved on the listing's accounts. */
export const liveOrderStatuses = ['awaiting_payment', 'paid', 'delivering'] as const;

/** One account of a listing with its synced balance (`marketRepo.accountsOf`). */
export type ListingAccount = Awaited<ReturnType<typeof marketRepo.accountsOf>>[number];

/** Listings, their accounts and orders. Reads of a user's rows are scoped to that user. */
export const marketRepo = {
  openListings: (db: Db) =>
    db.select().from(coinListings).where(eq(coinListings.isOpen, true)).orderBy(desc(coinListings.createdAt)),

  listingsOf: (db: Db, userId: string) =>
    db
      .select()
      .from(coinListings)
      .where(eq(coinListings.userId, userId))
      .orderBy(desc(coinListings.createdAt)),

  /** The open listings that hold any of these accounts. */
  openListingsOfAccounts: (db: Db, accountIds: readonly string[]) =>
    accountIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(coinListings)
          .where(
            and(
              eq(coinListings.isOpen, true),
              inArray(
                coinListings.id,
                db
                  .select({ id: coinListingAccounts.listingId })
                  .from(coinListingAccounts)
                  .where(
                    and(
                      eq(coinListingAccounts.isOpen, true),
                      inArray(coinListingAccounts.accountId, [...accountIds]),
                    ),
                  ),
              ),
            ),
          ),

  listing: async (db: Db, id: string) =>
    (await db.select().from(coinListings).where(eq(coinListings.id, id)).limit(1))[0],

  /** A listing's accounts with the account's synced balance, in listing order. */
  accountsOf: (db: Db, listingIds: readonly string[]) =>
    listingIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            listingId: coinListingAccounts.listingId,
            accountId: coinListingAccounts.accountId,
            promisedCoins: coinListingAccounts.promisedCoins,
            isOpen: coinListingAccounts.isOpen,
            position: coinListingAccounts.position,
            balance: accounts.coins,
          })
          .from(coinListingAccounts)
          .innerJoin(accounts, eq(accounts.id, coinListingAccounts.accountId))
          .where(inArray(coinListingAccounts.listingId, [...listingIds]))
          .orderBy(coinListingAccounts.position),

  /** The caller's accounts already in an open listing. */
  listedAccountIds: async (db: Db, accountIds: readonly string[]) =>
    accountIds.length === 0
      ? []
      : (
          await db
            .select({ accountId: coinListingAccounts.accountId })
            .from(coinListingAccounts)
            .where(
              and(
                inArray(coinListingAccounts.accountId, [...accountIds]),
                eq(coinListingAccounts.isOpen, true),
              ),
            )
        ).map((row) => row.accountId),

  closeListing: (db: Db, id: string, reason: string, now: Date) =>
    db.transaction(async (tx) => {
      await tx
        .update(coinListings)
        .set({ isOpen: false, closedReason: reason, closedAt: now })
        .where(and(eq(coinListings.id, id), eq(coinListings.isOpen, true)));
      await tx
        .update(coinListingAccounts)
        .set({ isOpen: false })
        .where(eq(coinListingAccounts.listingId, id));
    }),

  /** Locks an order for one state change (the caller's transaction). */
  lockOrder: async (db: Db, id: string) =>
    (await db.select().from(marketOrders).where(eq(marketOrders.id, id)).for('update').limit(1))[0],

  updateOrder: (db: Db, id: string, values: Partial<typeof marketOrders.$inferInsert>) =>
    db.update(marketOrders).set(values).where(eq(marketOrders.id, id)),

  /** The user's orders as buyer or seller, newest first. */
  ordersOf: (db: Db, userId: string) =>
    db
      .select()
      .from(marketOrders)
      .where(or(eq(marketOrders.buyerUserId, userId), eq(marketOrders.sellerUserId, userId)))
      .orderBy(desc(marketOrders.createdAt))
      .limit(50),

  /** Orders still holding coins of a listing (their legs reserve the accounts' coins). */
  liveOrdersOfListings: (db: Db, listingIds: readonly string[]) =>
    listingIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(marketOrders)
          .where(
            and(
              inArray(marketOrders.listingId, [...listingIds]),
              inArray(marketOrders.status, [...liveOrderStatuses]),
            ),
          ),

  /** Paid orders whose delivery has not started or is waiting for an agent. */
  ordersToDeliver: (db: Db) =>
    db
      .select({ id: marketOrders.id, legs: marketOrders.legs })
      .from(marketOrders)
      .where(inArray(marketOrders.status, ['paid', 'delivering'])),

  /** A new listing with its accounts, in one transaction; throws a unique violation if an account is listed already. */
  insertListing: (
    db: Db,
    listing: typeof coinListings.$inferInsert,
    listingAccounts: ReadonlyArray<Omit<typeof coinListingAccounts.$inferInsert, 'listingId'>>,
  ) =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(coinListings).values(listing).returning();
      if (!row) throw new Error('listing was not stored');
      await tx
        .insert(coinListingAccounts)
        .values(listingAccounts.map((account) => ({ ...account, listingId: row.id })));
      return row;
    }),

  /** A listing's open accounts in order, locked (the caller's transaction): two buyers cannot reserve the same coins. */
  lockOpenAccountsOf: (db: Db, listingId: string) =>
    db
      .select()
      .from(coinListingAccounts)
      .where(and(eq(coinListingAccounts.listingId, listingId), eq(coinListingAccounts.isOpen, true)))
      .orderBy(coinListingAccounts.position)
      .for('update'),

  /** Moves the coins an account of a listing still promises by `delta` (negative: reserved for an order). */
  changePromised: (db: Db, listingId: string, accountId: string, delta: number) =>
    db
      .update(coinListingAccounts)
      .set({ promisedCoins: sql`${coinListingAccounts.promisedCoins} + ${delta}` })
      .where(and(eq(coinListingAccounts.listingId, listingId), eq(coinListingAccounts.accountId, accountId))),

  insertOrder: async (db: Db, values: typeof marketOrders.$inferInsert) => {
    const [row] = await db.insert(marketOrders).values(values).returning();
    if (!row) throw new Error('order was not stored');
    return row;
  },

  /** The order after the change (undefined: no such order). */
  updateOrderReturning: async (db: Db, id: string, values: Partial<typeof marketOrders.$inferInsert>) =>
    (await db.update(marketOrders).set(values).where(eq(marketOrders.id, id)).returning())[0],
};
