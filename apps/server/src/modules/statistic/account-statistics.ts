import type { AccountStatistics } from '@tradedesk/domain';
import type { AppContext } from '../../context.js';
import { statisticRepo } from './repo.js';

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
  const rows = await statisticRepo.accountsWithResetOf(db, userId, date);

  const figures: AccountStatistics[] = [];
  for (const account of rows) {
    const resetAt = account.resetAt && account.resetAt > dayStart ? account.resetAt : undefined;
    const window = { from: dayStart, after: resetAt, until: dayEnd };
    const snipe = await statisticRepo.accountSnipes(db, account.id, window);
    const transfer = await statisticRepo.accountTransfers(db, account.id, window);
    const attempts = snipe.attempts;
    const finished = transfer.finished;
    figures.push({
      accountId: account.id,
      email: account.email,
      date,
      profits: snipe.profits,
      snipes: snipe.successes,
      snipeSuccessRate: attempts === 0 ? 0 : snipe.successes / attempts,
      transfers: transfer.successes,
      coinsTransferred: transfer.coins,
      transferSuccessRate: finished === 0 ? 0 : transfer.successes / finished,
    });
  }
  return figures;
}

/** Starts an account's figures of `date` again from now (the rows themselves stay). */
export async function resetAccountStatistics(ctx: AppContext, accountId: string, date: string) {
  await statisticRepo.resetAccount(ctx.db, accountId, date, ctx.now());
}
