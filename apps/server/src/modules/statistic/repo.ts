import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  accounts,
  accountStatisticResets,
  sbcRuns,
  snipeLogEntries,
  snipeSessions,
  transfers,
} from '../../db/schema.js';

/** A time window: after `after` (exclusive) or from `from` (inclusive), until `until` (exclusive). */
export interface Window {
  from: Date;
  after?: Date | undefined;
  until: Date;
}
const within = (column: AnyColumn, window: Window) =>
  and(window.after ? gt(column, window.after) : gte(column, window.from), lt(column, window.until));

/** Snipe buy attempts as counts: attempts, successes and the profit of the successes. */
const snipeCounts = {
  attempts: sql<number>`count(*)::int`,
  successes: sql<number>`count(*) filter (where ${snipeLogEntries.isSuccess})::int`,
  profits: sql<string>`coalesce(sum(${snipeLogEntries.value}) filter (where ${snipeLogEntries.isSuccess}), 0)::bigint`,
};
const snipeFigures = (row: { attempts: number; successes: number; profits: string } | undefined) => ({
  attempts: row?.attempts ?? 0,
  successes: row?.successes ?? 0,
  profits: Number(row?.profits ?? 0),
});

/** The figures the statistics pages count from the run records (every query scoped to one user or account). */
export const statisticRepo = {
  /** The user's accounts, oldest first, each with its statistics reset of `day` if any. */
  accountsWithResetOf: (db: Db, userId: string, day: string) =>
    db
      .select({ id: accounts.id, email: accounts.email, resetAt: accountStatisticResets.resetAt })
      .from(accounts)
      .leftJoin(
        accountStatisticResets,
        and(eq(accountStatisticResets.accountId, accounts.id), eq(accountStatisticResets.day, day)),
      )
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt), asc(accounts.id)),

  resetAccount: (db: Db, accountId: string, day: string, now: Date) =>
    db
      .insert(accountStatisticResets)
      .values({ accountId, day, resetAt: now })
      .onConflictDoUpdate({
        target: [accountStatisticResets.accountId, accountStatisticResets.day],
        set: { resetAt: now },
      }),

  async accountSnipes(db: Db, accountId: string, window: Window) {
    const [row] = await db
      .select(snipeCounts)
      .from(snipeLogEntries)
      .where(and(eq(snipeLogEntries.accountId, accountId), within(snipeLogEntries.createdAt, window)));
    return snipeFigures(row);
  },

  /** Transfers the account bought or sold in the window: finished, successful, coins the successes moved. */
  async accountTransfers(db: Db, accountId: string, window: Window) {
    const [row] = await db
      .select({
        finished: sql<number>`count(*) filter (where ${transfers.status} in ('success', 'failed'))::int`,
        successes: sql<number>`count(*) filter (where ${transfers.status} = 'success')::int`,
        coins: sql<number>`coalesce(sum(${transfers.coins}) filter (where ${transfers.status} = 'success'), 0)::int`,
      })
      .from(transfers)
      .where(
        and(
          or(eq(transfers.buyerAccountId, accountId), eq(transfers.sellerAccountId, accountId)),
          within(transfers.createdAt, window),
        ),
      );
    return { finished: row?.finished ?? 0, successes: row?.successes ?? 0, coins: row?.coins ?? 0 };
  },

  async userSnipes(db: Db, userId: string) {
    const [row] = await db
      .select(snipeCounts)
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.userId, userId));
    return snipeFigures(row);
  },

  /** Profit of successful snipes per UTC day ('YYYY-MM-DD') since `since`. */
  dailySnipeProfits: (db: Db, userId: string, since: Date) =>
    db
      .select({
        day: sql<string>`to_char(${snipeLogEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        value: sql<number>`coalesce(sum(${snipeLogEntries.value}), 0)::int`,
      })
      .from(snipeLogEntries)
      .where(
        and(
          eq(snipeLogEntries.userId, userId),
          eq(snipeLogEntries.isSuccess, true),
          gte(snipeLogEntries.createdAt, since),
        ),
      )
      .groupBy(sql`1`),

  /** Milliseconds the user's accounts spent sniping (a running session counts until `now`). */
  async snipeTimeMs(db: Db, userId: string, now: Date): Promise<number> {
    const [row] = await db
      .select({
        ms: sql<number>`coalesce(sum(extract(epoch from (coalesce(${snipeSessions.endedAt}, ${now.toISOString()}::timestamptz) - ${snipeSessions.startedAt})) * 1000), 0)::bigint`,
      })
      .from(snipeSessions)
      .innerJoin(accounts, eq(accounts.id, snipeSessions.accountId))
      .where(eq(accounts.userId, userId));
    return Number(row?.ms ?? 0);
  },

  recentSnipes: (db: Db, userId: string, limit: number) =>
    db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.userId, userId))
      .orderBy(desc(snipeLogEntries.createdAt), desc(snipeLogEntries.id))
      .limit(limit),

  async userTransfers(db: Db, userId: string) {
    const [row] = await db
      .select({
        finished: sql<number>`count(*) filter (where ${transfers.status} in ('success', 'failed'))::int`,
        successes: sql<number>`count(*) filter (where ${transfers.status} = 'success')::int`,
        amount: sql<number>`coalesce(sum(${transfers.coins}) filter (where ${transfers.status} = 'success'), 0)::bigint`,
        // The last finished transfer: a sync or a cancelled run ends too, but moves no coins and
        // is no transfer (with only those, /transfer has no rate to show: '—', not 0.00%).
        updatedAt: sql<
          string | null
        >`max(${transfers.finishedAt}) filter (where ${transfers.status} in ('success', 'failed'))`,
      })
      .from(transfers)
      .where(eq(transfers.userId, userId));
    return {
      finished: row?.finished ?? 0,
      successes: row?.successes ?? 0,
      amount: Number(row?.amount ?? 0),
      updatedAt: row?.updatedAt ? new Date(row.updatedAt) : null,
    };
  },

  /** The user's successful transfers finished since `since`: when, and the coins each moved. */
  successfulTransfersSince: (db: Db, userId: string, since: Date) =>
    db
      .select({ finishedAt: transfers.finishedAt, coins: transfers.coins })
      .from(transfers)
      .where(
        and(
          eq(transfers.userId, userId),
          inArray(transfers.status, ['success']),
          gte(transfers.finishedAt, since),
        ),
      ),

  /** Over the user's finished SBC runs: coins spent, challenges solved, milliseconds spent. */
  async sbcTotals(db: Db, userId: string) {
    const [row] = await db
      .select({
        coins: sql<string>`coalesce(sum(${sbcRuns.costs}), 0)`,
        solved: sql<string>`coalesce(sum(${sbcRuns.solved}), 0)`,
        ms: sql<string>`coalesce(sum(extract(epoch from (${sbcRuns.finishedAt} - ${sbcRuns.createdAt})) * 1000), 0)`,
      })
      .from(sbcRuns)
      .where(and(eq(sbcRuns.userId, userId), inArray(sbcRuns.status, ['success', 'stopped', 'failed'])));
    return { coins: Number(row?.coins ?? 0), solved: Number(row?.solved ?? 0), ms: Number(row?.ms ?? 0) };
  },
};
