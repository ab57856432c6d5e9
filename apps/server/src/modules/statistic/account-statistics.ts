import type { AccountStatistics } from '@tradedesk/domain';
import { and, asc, eq, gt, gte, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, accountStatisticResets, snipeLogEntries, transfers } from '../../db/schema.js';

const dayMs = 86_400_000;

/**
 * Every account's figures for one UTC day: snipe profit and buys, transfers (as buyer or seller)
 * and the coins they moved. A reset of that day hides what happened before it.
 */
export async function accountStatisticsOf(
  ctx: AppContext,
  userId: string,
  date: string,
): Promise<AccountStatistics[]> {
  const { db } = ctx;
  const dayStart = new Date(`${date}T00:00:00.000Z`);
  const dayEnd = new Date(dayStart.getTime() + dayMs);
  const rows = await db
    .select({ id: accounts.id, email: accounts.email, resetAt: accountStatisticResets.resetAt })
    .from(accounts)
    .leftJoin(
      accountStatisticResets,
      and(eq(accountStatisticResets.accountId, accounts.id), eq(accountStatisticResets.day, date)),
    )
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));

  const figures: AccountStatistics[] = [];
  for (const account of rows) {
    const resetAt = account.resetAt && account.resetAt > dayStart ? account.resetAt : undefined;
    // What happened at the very moment of a reset belongs before it.
    const inDay = (column: AnyColumn) =>
      and(resetAt ? gt(column, resetAt) : gte(column, dayStart), lt(column, dayEnd));
    const [snipe] = await db
      .select({
        attempts: sql<number>`count(*)::int`,
        successes: sql<number>`count(*) filter (where ${snipeLogEntries.isSuccess})::int`,
        profits: sql<number>`coalesce(sum(${snipeLogEntries.value}) filter (where ${snipeLogEntries.isSuccess}), 0)::int`,
      })
      .from(snipeLogEntries)
      .where(and(eq(snipeLogEntries.accountId, account.id), inDay(snipeLogEntries.createdAt)));
    const [transfer] = await db
      .select({
        finished: sql<number>`count(*) filter (where ${transfers.status} in ('success', 'failed'))::int`,
        successes: sql<number>`count(*) filter (where ${transfers.status} = 'success')::int`,
        coins: sql<number>`coalesce(sum(${transfers.coins}) filter (where ${transfers.status} = 'success'), 0)::int`,
      })
      .from(transfers)
      .where(
        and(
          or(eq(transfers.buyerAccountId, account.id), eq(transfers.sellerAccountId, account.id)),
          inDay(transfers.createdAt),
        ),
      );
    const attempts = snipe?.attempts ?? 0;
    const finished = transfer?.finished ?? 0;
    figures.push({
      accountId: account.id,
      email: account.email,
      date,
      profits: snipe?.profits ?? 0,
      snipes: snipe?.successes ?? 0,
      snipeSuccessRate: attempts === 0 ? 0 : (snipe?.successes ?? 0) / attempts,
      transfers: transfer?.successes ?? 0,
      coinsTransferred: transfer?.coins ?? 0,
      transferSuccessRate: finished === 0 ? 0 : (transfer?.successes ?? 0) / finished,
    });
  }
  return figures;
}

/** Starts an account's figures of `date` again from now (the rows themselves stay). */
export async function resetAccountStatistics(ctx: AppContext, accountId: string, date: string) {
  const now = ctx.now();
  await ctx.db
    .insert(accountStatisticResets)
    .values({ accountId, day: date, resetAt: now })
    .onConflictDoUpdate({
      target: [accountStatisticResets.accountId, accountStatisticResets.day],
      set: { resetAt: now },
    });
}
