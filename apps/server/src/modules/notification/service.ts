import type { AppContext } from '../../lib/app-context.js';
import { notFound } from '../../lib/errors.js';
import { notificationRepo } from './repo.js';

/** The signed-in user's kept notifications: read them, mark them read, clear them. */
export function createNotificationService(ctx: AppContext) {
  return {
    /** Newest first; with `since`, only those kept after it. */
    latestOf: (userId: string, since: string | undefined) =>
      notificationRepo.latestOf(ctx.db, userId, since ? new Date(since) : undefined),

    /** Marks one of the user's notifications read; someone else's is not found. */
    async markRead(userId: string, id: string) {
      const marked = await notificationRepo.markRead(ctx.db, userId, id);
      if (!marked) throw notFound('Notification not found', 'notification_not_found');
      return marked.id;
    },

    markAllRead: (userId: string) => notificationRepo.markAllRead(ctx.db, userId),
    clear: (userId: string) => notificationRepo.clear(ctx.db, userId),
  };
}
