import { notificationKindSchema, type NotificationKind } from '@tradedesk/domain';
import { z } from 'zod';
import type { NotificationRow } from './repo.js';

/** Server notification types (spec 000 §3) shown with the web's toast kinds (spec 001 §3). */
export const kindOf = (type: string): NotificationKind =>
  type === 'ERROR' ? 'error' : type === 'SUCCESS' ? 'success' : 'blank';

/** The stored type of a notice raised with a web toast kind. */
export const typeOfKind = (kind: NotificationKind): 'ERROR' | 'SUCCESS' | 'INFO' =>
  kind === 'error' ? 'ERROR' : kind === 'success' ? 'SUCCESS' : 'INFO';

/** The shape `presentNotification` answers with (the response schema of GET /api/notification). */
export const presentedNotificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  type: notificationKindSchema,
  createdAt: z.string(),
  isRead: z.boolean(),
});

/** One kept notification, as GET /api/notification and the socket's `notification` send it. */
export function presentNotification(row: NotificationRow): z.infer<typeof presentedNotificationSchema> {
  return {
    id: row.id,
    message: row.message,
    type: kindOf(row.type),
    createdAt: row.createdAt.toISOString(),
    isRead: row.isRead,
  };
}
