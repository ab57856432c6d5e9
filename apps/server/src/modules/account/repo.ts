import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { fleetPartOf } from '@tradedesk/domain/realtime';
import type { Db } from '../../db/client.js';
import { accounts, runs, snipeLogEntries } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

/** A sniping account's run as the accounts list shows it. */
export interface RunningSnipe {
  filterIds: string[];
  /** Present for a fleet's part: the fleet, and this account's purchases in the run so far. */
  fleet?: { id: string; purchases: number };
}

/** Game accounts; every query is scoped to one user. */
export const accountRepo = {
  /** The names of the user's accounts: how a message names them (the username, else the email). */
  namesOf: (db: Db, userId: string) =>
    db
      .select({ id: accounts.id, username: accounts.username, email: accounts.email })
      .from(accounts)
      .where(eq(accounts.userId, userId)),

  listOf: (db: Db, userId: string) =>
    db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt), asc(accounts.id)),

  /**
   * Each sniping account of the user (its running snipe run's filter ids and, for a fleet's part,
   * the fleet and the account's purchases since the run started), by account id.
   */
  async runningSnipesOf(db: Db, userId: string): Promise<Map<string, RunningSnipe>> {
    const runningSnipe = and(eq(runs.userId, userId), eq(runs.kind, 'snipe'), eq(runs.status, 'running'));
    const [rows, purchases] = await Promise.all([
      db.select({ accountId: runs.accountId, detail: runs.detail }).from(runs).where(runningSnipe),
      db
        .select({ accountId: snipeLogEntries.accountId, count: count() })
        .from(snipeLogEntries)
        .innerJoin(runs, and(runningSnipe, eq(runs.accountId, snipeLogEntries.accountId)))
        .where(and(eq(snipeLogEntries.isSuccess, true), gte(snipeLogEntries.createdAt, runs.startedAt)))
        .groupBy(snipeLogEntries.accountId),
    ]);
    const purchasesOf = new Map(purchases.map((row) => [row.accountId, row.count]));
    return new Map(
      rows.map((row) => {
        const accountId = row.accountId ?? '';
        const fleet = fleetPartOf(row.detail['fleet']);
        const filterIds = Array.isArray(row.detail['filterIds']) ? (row.detail['filterIds'] as string[]) : [];
        return [
          accountId,
          {
            filterIds,
            ...(fleet === undefined
              ? {}
              : { fleet: { id: fleet.id, purchases: purchasesOf.get(accountId) ?? 0 } }),
          },
        ];
      }),
    );
  },

  findOwned: async (db: Db, userId: string, id: string) =>
    (
      await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .limit(1)
    )[0],

  /**
   * Of these accounts, each paired with the user it should belong to, the ids of those that exist and
   * belong to that user: one query for many users' runs (a lost agent's), scoped to their owners.
   */
  async ownedAmong(db: Db, owned: readonly { userId: string; accountId: string }[]): Promise<Set<string>> {
    if (owned.length === 0) return new Set();
    const pairKey = (userId: string, accountId: string) => `${userId}\n${accountId}`;
    const asked = new Set(owned.map(({ userId, accountId }) => pairKey(userId, accountId)));
    const rows = await db
      .select({ id: accounts.id, userId: accounts.userId })
      .from(accounts)
      .where(
        and(
          inArray(accounts.userId, [...new Set(owned.map((pair) => pair.userId))]),
          inArray(accounts.id, [...new Set(owned.map((pair) => pair.accountId))]),
        ),
      );
    return new Set(rows.filter((row) => asked.has(pairKey(row.userId, row.id))).map((row) => row.id));
  },

  findOwnedByEmail: async (db: Db, userId: string, email: string) =>
    (
      await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), sql`lower(${accounts.email}) = ${email.toLowerCase()}`))
        .limit(1)
    )[0],

  insert: async (db: Db, row: typeof accounts.$inferInsert) =>
    (await db.insert(accounts).values(row).returning())[0],

  update: async (db: Db, userId: string, id: string, values: Partial<typeof accounts.$inferInsert>) =>
    (
      await db
        .update(accounts)
        .set(values)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .returning()
    )[0],

  delete: async (db: Db, userId: string, id: string) =>
    (
      await db
        .delete(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
        .returning()
    )[0],
};
