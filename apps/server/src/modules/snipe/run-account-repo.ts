import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import type { AccountRow } from '../account/repo.js';

/** What a snipe run's events change on its game account. */
export type RunAccountChange = Partial<
  Pick<
    typeof accounts.$inferInsert,
    'status' | 'coins' | 'coinsReadAt' | 'description' | 'username' | 'imageUrl'
  >
>;

async function update(
  db: Db,
  accountId: string,
  values: Parameters<ReturnType<Db['update']>['set']>[0],
  now: Date,
): Promise<AccountRow | undefined> {
  return (
    await db
      .update(accounts)
      .set({ ...values, updatedAt: now })
      .where(eq(accounts.id, accountId))
      .returning()
  )[0];
}

/** The game account of a snipe run as its events change it; each change answers the row after it. */
export const runAccountRepo = {
  byId: async (db: Db, accountId: string): Promise<AccountRow | undefined> =>
    (await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1))[0],

  update: (db: Db, accountId: string, change: RunAccountChange, now: Date) =>
    update(db, accountId, change, now),

  /** Adds the profit of new purchases, in one statement (two runs' purchases never overwrite each other). */
  addProfit: (db: Db, accountId: string, profit: number, now: Date) =>
    update(db, accountId, { profits: sql`${accounts.profits} + ${profit}` }, now),

  /**
   * The account is running again: its old description goes, except the note `keptNote` (it
   * explains the run itself, e.g. a headful run that runs headless).
   */
  markRunning: (
    db: Db,
    accountId: string,
    change: Pick<RunAccountChange, 'status' | 'coins' | 'coinsReadAt'>,
    keptNote: string,
    now: Date,
  ) =>
    update(
      db,
      accountId,
      {
        ...change,
        description: sql`case when ${accounts.description} = ${keptNote} then ${accounts.description} else '' end`,
      },
      now,
    ),
};
