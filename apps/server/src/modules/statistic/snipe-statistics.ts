import { platformOf, RECENT_CARDS_KEPT, type LogEntry, type SnipeStatistics } from '@tradedesk/domain';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, snipeLogEntries, snipeSessions } from '../../db/schema.js';

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

  const [totals] = await db
    .select({
      attempts: sql<number>`count(*)::int`,
      successes: sql<number>`count(*) filter (where ${snipeLogEntries.isSuccess})::int`,
      profits: sql<number>`coalesce(sum(${snipeLogEntries.value}) filter (where ${snipeLogEntries.isSuccess}), 0)::int`,
    })
    .from(snipeLogEntries)
    .where(eq(snipeLogEntries.userId, userId));

  const daily = await db
    .select({
      day: sql<string>`to_char(${snipeLogEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      value: sql<number>`coalesce(sum(${snipeLogEntries.value}), 0)::int`,
    })
    .from(snipeLogEntries)
    .where(
      and(
        eq(snipeLogEntries.userId, userId),
        eq(snipeLogEntries.isSuccess, true),
        gte(snipeLogEntries.createdAt, new Date(firstDay)),
      ),
    )
    .groupBy(sql`1`);
  const byDay = new Map(daily.map((row) => [row.day, row.value]));
  const weeklyProfits = Array.from({ length: 7 }, (_, index) => {
    const date = isoDay(firstDay + index * dayMs);
    return { date, value: byDay.get(date) ?? 0 };
  });

  // A running session counts up to now.
  const [time] = await db
    .select({
      ms: sql<number>`coalesce(sum(extract(epoch from (coalesce(${snipeSessions.endedAt}, ${new Date(now).toISOString()}::timestamptz) - ${snipeSessions.startedAt})) * 1000), 0)::bigint`,
    })
    .from(snipeSessions)
    .innerJoin(accounts, eq(accounts.id, snipeSessions.accountId))
    .where(eq(accounts.userId, userId));

  const recent = await db
    .select()
    .from(snipeLogEntries)
    .where(eq(snipeLogEntries.userId, userId))
    .orderBy(desc(snipeLogEntries.createdAt), desc(snipeLogEntries.id))
    .limit(RECENT_CARDS_KEPT);

  const attempts = totals?.attempts ?? 0;
  return {
    weeklyProfits,
    totalProfits: totals?.profits ?? 0,
    totalSuccessRate: attempts === 0 ? 0 : (totals?.successes ?? 0) / attempts,
    totalTimeSpent: Math.max(0, Math.floor(Number(time?.ms ?? 0) / 1000)),
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
