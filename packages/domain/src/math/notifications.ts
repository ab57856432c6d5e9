/** The notification store holds at most 25 entries (spec 000 and 001 §9). */
export const NOTIFICATION_CAP = 25;

/** What the store needs to know about a notification: when it happened and whether it was read. */
export interface StoredNotification {
  readonly timestamp: number | string | Date;
  readonly isRead?: boolean;
}

function timestampMs(notification: StoredNotification): number {
  const { timestamp } = notification;
  const ms =
    timestamp instanceof Date
      ? timestamp.getTime()
      : typeof timestamp === 'string'
        ? Date.parse(timestamp)
        : timestamp;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new RangeError(`notification timestamp is not a valid time: ${String(timestamp)}`);
  }
  return ms;
}

/** A copy sorted newest first; entries with the same time keep their order. */
export function sortNewestFirst<T extends StoredNotification>(list: readonly T[]): T[] {
  return list
    .map((notification) => ({ notification, ms: timestampMs(notification) }))
    .sort((a, b) => b.ms - a.ms)
    .map(({ notification }) => notification);
}

/**
 * Adds a notification without mutating `list`: when the store is full (25), only the newest 24 are
 * kept before the new one goes in. The result is sorted newest first.
 */
export function addNotification<T extends StoredNotification>(list: readonly T[], notification: T): T[] {
  timestampMs(notification); // reject a bad timestamp before anything changes
  const sorted = sortNewestFirst(list);
  const kept = sorted.length >= NOTIFICATION_CAP ? sorted.slice(0, NOTIFICATION_CAP - 1) : sorted;
  return sortNewestFirst([notification, ...kept]);
}

/** The unread badge's number. */
export function unreadCount(list: readonly StoredNotification[]): number {
  return list.filter((notification) => notification.isRead !== true).length;
}
