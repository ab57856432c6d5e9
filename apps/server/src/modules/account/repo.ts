import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, runs } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

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

  /** The filter ids of each sniping account of the user (its running snipe run's), by account id. */
  async runningFilterIdsOf(db: Db, userId: string): Promise<Map<string, string[]>> {
    const rows = await db
      .select({ accountId: runs.accountId, detail: runs.detail })
      .from(runs)
      .where(and(eq(runs.userId, userId), eq(runs.kind, 'snipe'), eq(runs.status, 'running')));
    return new Map(
      rows.map((row) => [
        row.accountId ?? '',
        Array.isArray(row.detail['filterIds']) ? (row.detail['filterIds'] as string[]) : [],
      ]),
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
