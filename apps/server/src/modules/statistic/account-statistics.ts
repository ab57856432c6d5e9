import { errorMessages, type AccountStatistics } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { notFound } from '../../lib/errors.js';
import { accountRepo } from '../account/repo.js';
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

/**
 * Starts the figures of `date` of one of the user's own accounts again from now (the rows
 * themselves stay); answers the account's id. Someone else's account is not found.
 */
export async function resetAccountStatistics(
  ctx: AppContext,
  userId: string,
  accountId: string,
  date: string,
) {
  const account = await accountRepo.findOwned(ctx.db, userId, accountId);
  if (!account) throw notFound(errorMessages.accountNotFound, 'account_not_found');
  await statisticRepo.resetAccount(ctx.db, account.id, date, ctx.now());
  return account.id;
}
