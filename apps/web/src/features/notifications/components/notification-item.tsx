import { useEffect, useRef } from 'react';
import { NOTIFICATION_READ_VISIBILITY } from '../../../config/limits';
import type { AppNotification } from '../../../stores/notification-store';

const kindClass: Record<AppNotification['type'], string> = {
  success: 'bg-success',
  error: 'bg-error',
  custom: 'bg-info',
  blank: 'bg-base-content/40',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

type NotificationItemProps = {
  notification: AppNotification;
  /** The scrolling list: visibility is measured inside it. */
  root: HTMLElement | null;
  onRead: (id: string) => void;
};

/** One notice; it counts as read once at least 75% of it has been visible in the open list. */
export function NotificationItem({ notification, root, onRead }: NotificationItemProps) {
  const itemRef = useRef<HTMLLIElement>(null);
  const { id, isRead } = notification;

  useEffect(() => {
    const element = itemRef.current;
    if (isRead || !element || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (
          entries.some(
            (entry) => entry.isIntersecting && entry.intersectionRatio >= NOTIFICATION_READ_VISIBILITY,
          )
        ) {
          onRead(id);
          observer.disconnect();
        }
      },
      { root, threshold: NOTIFICATION_READ_VISIBILITY },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id, isRead, root, onRead]);

  return (
    <li
      ref={itemRef}
      className="border-base-300 flex gap-3 border-b px-3 py-2 last:border-b-0"
      data-read={isRead}
    >
      <span className={`mt-1.5 size-2 shrink-0 rounded-full ${kindClass[notification.type]}`} aria-hidden />
      <div className="min-w-0">
        <p className={`text-sm break-words ${isRead ? 'opacity-70' : 'font-semibold'}`}>
          {notification.message}
        </p>
        <time className="text-xs opacity-60" dateTime={new Date(notification.timestamp).toISOString()}>
          {timeFormat.format(notification.timestamp)}
        </time>
      </div>
    </li>
  );
}
