import type { WebStatistics } from '@tradedesk/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { snipeLogEntries } from '../../db/schema.js';
import { transferTotalsOf } from './transfer-statistics.js';

/**
 * GET /statistic/: both tools side by side. Transfers: coins moved, successful transfers, success
 * rate. Snipes: profit, successful buys, success rate of buy attempts.
 */
export async function webStatisticsOf(ctx: AppContext, userId: string): Promise<WebStatistics> {
  const transfer = await transferTotalsOf(ctx, userId);
  const [snipe] = await ctx.db
    .select({
      attempts: sql<number>`count(*)::int`,
      successes: sql<number>`count(*) filter (where ${snipeLogEntries.isSuccess})::int`,
      profits: sql<number>`coalesce(sum(${snipeLogEntries.value}) filter (where ${snipeLogEntries.isSuccess}), 0)::bigint`,
    })
    .from(snipeLogEntries)
    .where(eq(snipeLogEntries.userId, userId));
  const attempts = snipe?.attempts ?? 0;
  return {
    transfer: {
      totalAmount: transfer.amount,
      totalNumTransfers: transfer.successes,
      successRate: transfer.successRate,
    },
    snipe: {
      totalAmount: Number(snipe?.profits ?? 0),
      totalNumTransfers: snipe?.successes ?? 0,
      successRate: attempts === 0 ? 0 : (snipe?.successes ?? 0) / attempts,
    },
  };
}
