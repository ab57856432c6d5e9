import { platformOf, RECENT_CARDS_KEPT, type LogEntry, type SnipeStatistics } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { statisticRepo } from './repo.js';

const dayMs = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Snipe statistics of one user, counted from the stored run events: profit per day of the last
 * seven (UTC), total profit, success rate of buy attempts, time spent sniping, latest snipes.
 */
export async function snipeStatisticsOf(ctx: AppContext, userId: string): Promise<SnipeStatistics> {
  const { db } = ctx;
  const now = ctx.now().getTime();
  const firstDay = Date.parse(isoDay(now - 6 * dayMs));

  const totals = await statisticRepo.userSnipes(db, userId);
  const daily = await statisticRepo.dailySnipeProfits(db, userId, new Date(firstDay));
  const byDay = new Map(daily.map((row) => [row.day, row.value]));
  const weeklyProfits = Array.from({ length: 7 }, (_, index) => {
    const date = isoDay(firstDay + index * dayMs);
    return { date, value: byDay.get(date) ?? 0 };
  });

  // A running session counts up to now.
  const timeMs = await statisticRepo.snipeTimeMs(db, userId, new Date(now));
  const recent = await statisticRepo.recentSnipes(db, userId, RECENT_CARDS_KEPT);

  const attempts = totals.attempts;
  return {
    weeklyProfits,
    totalProfits: totals.profits,
    totalSuccessRate: attempts === 0 ? 0 : totals.successes / attempts,
    totalTimeSpent: Math.max(0, Math.floor(timeMs / 1000)),
    recentSnipes: recent.map((row): LogEntry => ({
      accountId: row.accountId,
      playerId: row.playerId,
      playerName: row.playerName,
      buyPrice: row.buyPrice,
      sellPrice: row.sellPrice,
      rarity: row.rarity,
      platform: platformOf(row),
      isSuccess: row.isSuccess,
      type: row.type === 'transfer' ? 'transfer' : 'snipe',
      ...(row.errorCode === null ? {} : { errorCode: row.errorCode }),
      ...(row.listingTime === null ? {} : { listingTime: row.listingTime }),
    })),
  };
}
