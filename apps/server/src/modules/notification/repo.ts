import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

/** The web keeps at most 25 notifications, so more than that is never worth sending. */
export const notificationPageSize = 25;

export type NotificationRow = typeof notifications.$inferSelect;

/** The user's kept notifications; every query is scoped to one user. */
export const notificationRepo = {
  /** The user's newest notifications, only those created after `since` when given. */
  latestOf: (db: Db, userId: string, since: Date | undefined) => {
    const ownedByUser = eq(notifications.userId, userId);
    return db
      .select()
      .from(notifications)
      .where(since ? and(ownedByUser, gt(notifications.createdAt, since)) : ownedByUser)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(notificationPageSize);
  },

  /**
   * Keeps a notification. One with a `noticeKey` is kept only when the user has no unread one of
   * that key (the database's unique index decides, across server nodes): undefined then.
   */
  insert: async (db: Db, row: typeof notifications.$inferInsert) =>
    (await db.insert(notifications).values(row).onConflictDoNothing().returning())[0],

  /** Marks the user's unread notice of this key read (the condition it named is over). */
  markKeyRead: (db: Db, userId: string, noticeKey: string) =>
    db
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.noticeKey, noticeKey),
          eq(notifications.isRead, false),
        ),
      ),

  markRead: async (db: Db, userId: string, id: string) =>
    (
      await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .returning({ id: notifications.id })
    )[0],

  markAllRead: (db: Db, userId: string) =>
    db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, userId)),

  clear: (db: Db, userId: string) => db.delete(notifications).where(eq(notifications.userId, userId)),

  /** Every user's notifications created before `cutoff` (the retention sweep); returns how many went. */
  async deleteOlderThan(db: Db, cutoff: Date): Promise<number> {
    const gone = await db
      .delete(notifications)
      .where(lt(notifications.createdAt, cutoff))
      .returning({ id: notifications.id });
    return gone.length;
  },

  /** Every user's notifications past their newest `keepNewest` (the retention sweep); returns how many went. */
  async deleteBeyondNewest(db: Db, keepNewest: number): Promise<number> {
    const gone = await db
      .delete(notifications)
      .where(
        sql`${notifications.id} in (select id from (select id, row_number() over (partition by user_id order by created_at desc, id desc) as position from ${notifications}) ranked where position > ${keepNewest})`,
      )
      .returning({ id: notifications.id });
    return gone.length;
  },
};
