// Apart from the store: the store loads with the entry, and this parser's schema (zod) must load only with lazy pages.
import { notificationKindSchema } from '@tradedesk/domain';
import type { ServerNotification } from './notification-store';

/** A socket `notification` the server kept (it has an id and a time), as the list holds it; undefined for any other. */
export function keptNotificationOf(data: Record<string, unknown>): ServerNotification | undefined {
  const { id, createdAt, message, type, isRead } = data;
  if (typeof id !== 'string' || typeof createdAt !== 'string' || typeof message !== 'string')
    return undefined;
  const kind = notificationKindSchema.safeParse(type);
  if (!kind.success) return undefined;
  return { id, createdAt, message, type: kind.data, isRead: isRead === true };
}
