import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { selectUnreadCount, useNotificationStore } from '../../../stores/notification-store';
import { BellIcon } from '../../../components/ui/icons';
import { clearServerNotifications, markNotificationRead } from '../api/notification-calls';
import { useServerNotifications } from '../api/use-server-notifications';
import { NotificationItem } from './notification-item';

// Lazy: the socket client and the parser's schema stay out of the entry every page loads first.
const LiveNotifications = lazy(() => import('../live/live-notifications'));

/**
 * Bell with the unread count (shown to a signed-in user); the open list (max 24rem high) marks notices
 * read as they are seen. Kept notifications arrive live on every page.
 */
export function NotificationsDropdown() {
  useServerNotifications();
  const notifications = useNotificationStore((state) => state.notifications);
  const unreadCount = useNotificationStore(selectUnreadCount);
  const markReadHere = useNotificationStore((state) => state.markRead);
  const clearHere = useNotificationStore((state) => state.clearNotifications);
  // The server keeps read state and the list; a failed call only leaves it for the next visit.
  const markRead = (id: string) => {
    markReadHere(id);
    markNotificationRead(id).catch(() => undefined);
  };
  const clearNotifications = () => {
    clearHere();
    clearServerNotifications().catch(() => undefined);
  };
  const [isOpen, setIsOpen] = useState(false);
  const [listElement, setListElement] = useState<HTMLUListElement | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setIsOpen(false);
    document.addEventListener('mousedown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [isOpen]);

  const label = unreadCount > 0 ? `Notifications (${unreadCount} unread)` : 'Notifications';
  return (
    <div className="relative" ref={containerRef}>
      <Suspense fallback={null}>
        <LiveNotifications />
      </Suspense>
      <button
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={label}
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="indicator">
          <BellIcon />
          {unreadCount > 0 && (
            <span className="badge badge-xs badge-error indicator-item" data-testid="unread-badge">
              {unreadCount}
            </span>
          )}
        </span>
      </button>
      {isOpen && (
        <div
          role="dialog"
          aria-label="Notifications"
          className="bg-base-100 border-base-300 fixed inset-x-2 top-16 z-50 rounded-box border shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
        >
          <div className="flex items-center justify-between px-3 py-2">
            <h2 className="font-semibold">Notifications</h2>
            {notifications.length > 0 && (
              <button type="button" className="btn btn-ghost btn-xs" onClick={clearNotifications}>
                Clear all
              </button>
            )}
          </div>
          {notifications.length === 0 ? (
            <p className="px-3 pb-3 text-sm opacity-70">No notifications yet</p>
          ) : (
            <ul ref={setListElement} className="max-h-96 overflow-y-auto">
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  root={listElement}
                  onRead={markRead}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
