import { weeklySeries, type TransferStatistics } from '@tradedesk/domain';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { transfers } from '../../db/schema.js';

const weekMs = 7 * 86_400_000;

/** Successful and finished transfers of a user and the coins the successes moved. */
export async function transferTotalsOf(ctx: AppContext, userId: string) {
  const [totals] = await ctx.db
    .select({
      finished: sql<number>`count(*) filter (where ${transfers.status} in ('success', 'failed'))::int`,
      successes: sql<number>`count(*) filter (where ${transfers.status} = 'success')::int`,
      amount: sql<number>`coalesce(sum(${transfers.coins}) filter (where ${transfers.status} = 'success'), 0)::bigint`,
      updatedAt: sql<string | null>`max(${transfers.finishedAt})`,
    })
    .from(transfers)
    .where(eq(transfers.userId, userId));
  const finished = totals?.finished ?? 0;
  const successes = totals?.successes ?? 0;
  return {
    finished,
    successes,
    amount: Number(totals?.amount ?? 0),
    successRate: finished === 0 ? 0 : successes / finished,
    updatedAt: totals?.updatedAt ? new Date(totals.updatedAt) : null,
  };
}

/**
 * Transfer statistics of one user, counted from the transfer records: coins moved by successful
 * transfers, successes over finished transfers (a running one counts neither way), the last
 * finish, and the coins moved per UTC day of the last seven (the history chart).
 */
export async function transferStatisticsOf(ctx: AppContext, userId: string): Promise<TransferStatistics> {
  const totals = await transferTotalsOf(ctx, userId);
  const now = ctx.now().getTime();
  const recent = await ctx.db
    .select({ finishedAt: transfers.finishedAt, coins: transfers.coins })
    .from(transfers)
    .where(
      and(
        eq(transfers.userId, userId),
        inArray(transfers.status, ['success']),
        gte(transfers.finishedAt, new Date(now - weekMs)),
      ),
    );
  return {
    totalAmount: totals.amount,
    successRate: totals.successRate,
    updatedAt: totals.updatedAt,
    weeklyAmounts: weeklySeries(
      recent.map((row) => ({ date: row.finishedAt ?? new Date(now), value: row.coins })),
      now,
    ),
  };
}
