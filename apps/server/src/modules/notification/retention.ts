import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How much notification history a user keeps (docs/decisions.md): the newest 500, none older than
 * 90 days. The web shows 25; the rest is there for a later "show more", not for ever.
 */
export const notificationRetention = {
  keepNewest: 500,
  maxAgeDays: 90,
  /** The sweep runs every 2 s; pruning scans the table, so it runs at most once an hour per node. */
  everyMs: 60 * 60 * 1000,
} as const;

/** Deletes every user's notifications beyond the retention bound; returns how many went. */
export async function pruneNotifications(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - notificationRetention.maxAgeDays * DAY_MS);
  const old = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, cutoff))
    .returning({ id: notifications.id });
  const beyondNewest = await db
    .delete(notifications)
    .where(
      sql`${notifications.id} in (select id from (select id, row_number() over (partition by user_id order by created_at desc, id desc) as position from ${notifications}) ranked where position > ${notificationRetention.keepNewest})`,
    )
    .returning({ id: notifications.id });
  return old.length + beyondNewest.length;
}

/** The sweep's pruning step: prunes on the first call, then at most once per `everyMs`. */
export function notificationPruner(ctx: AppContext) {
  let lastPrunedAt: number | undefined;
  return async (): Promise<void> => {
    const now = ctx.now();
    if (lastPrunedAt !== undefined && now.getTime() - lastPrunedAt < notificationRetention.everyMs) return;
    lastPrunedAt = now.getTime();
    await pruneNotifications(ctx.db, now);
  };
}
