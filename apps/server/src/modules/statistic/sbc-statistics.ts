import type { SbcStatistics } from '@tradedesk/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sbcRuns } from '../../db/schema.js';

/** GET /api/statistic/sbc: coins spent, challenges solved and time spent over the user's finished SBC runs. */
export async function sbcStatisticsOf(ctx: AppContext, userId: string): Promise<SbcStatistics> {
  const [row] = await ctx.db
    .select({
      coins: sql<string>`coalesce(sum(${sbcRuns.costs}), 0)`,
      solved: sql<string>`coalesce(sum(${sbcRuns.solved}), 0)`,
      ms: sql<string>`coalesce(sum(extract(epoch from (${sbcRuns.finishedAt} - ${sbcRuns.createdAt})) * 1000), 0)`,
    })
    .from(sbcRuns)
    .where(and(eq(sbcRuns.userId, userId), inArray(sbcRuns.status, ['success', 'stopped', 'failed'])));
  return {
    totalCoinsSpent: Number(row?.coins ?? 0),
    totalSolved: Number(row?.solved ?? 0),
    totalTimeSpent: Math.max(0, Math.floor(Number(row?.ms ?? 0) / 1000)),
  };
}
