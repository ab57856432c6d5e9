import { weeklySeries, type TransferStatistics } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { statisticRepo } from './repo.js';

const weekMs = 7 * 86_400_000;

/** Successful and finished transfers of a user and the coins the successes moved. */
export async function transferTotalsOf(ctx: AppContext, userId: string) {
  const { finished, successes, amount, updatedAt } = await statisticRepo.userTransfers(ctx.db, userId);
  return {
    finished,
    successes,
    amount,
    successRate: finished === 0 ? 0 : successes / finished,
    updatedAt,
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
  const recent = await statisticRepo.successfulTransfersSince(ctx.db, userId, new Date(now - weekMs));
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
