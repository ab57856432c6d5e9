import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

/** The web keeps at most 25 notifications, so more than that is never worth sending. */
export const notificationPageSize = 25;

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
};
