import type { SbcStatistics } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { statisticRepo } from './repo.js';

/** GET /api/statistic/sbc: coins spent, challenges solved and time spent over the user's finished SBC runs. */
export async function sbcStatisticsOf(ctx: AppContext, userId: string): Promise<SbcStatistics> {
  const totals = await statisticRepo.sbcTotals(ctx.db, userId);
  return {
    totalCoinsSpent: totals.coins,
    totalSolved: totals.solved,
    totalTimeSpent: Math.max(0, Math.floor(totals.ms / 1000)),
  };
}
