import { and, desc, eq, gt } from 'drizzle-orm';
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

  insert: async (db: Db, row: typeof notifications.$inferInsert) =>
    (await db.insert(notifications).values(row).returning())[0],

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
};
