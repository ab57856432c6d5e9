import type { WebStatistics } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { statisticRepo } from './repo.js';
import { transferTotalsOf } from './transfer-statistics.js';

/**
 * GET /statistic/: both tools side by side. Transfers: coins moved, successful transfers, success
 * rate. Snipes: profit, successful buys, success rate of buy attempts.
 */
export async function webStatisticsOf(ctx: AppContext, userId: string): Promise<WebStatistics> {
  const transfer = await transferTotalsOf(ctx, userId);
  const snipe = await statisticRepo.userSnipes(ctx.db, userId);
  const attempts = snipe.attempts;
  return {
    transfer: {
      totalAmount: transfer.amount,
      totalNumTransfers: transfer.successes,
      successRate: transfer.successRate,
    },
    snipe: {
      totalAmount: snipe.profits,
      totalNumTransfers: snipe.successes,
      successRate: attempts === 0 ? 0 : snipe.successes / attempts,
    },
  };
}
