import { addNotification, unreadCount, type NotificationKind } from '@tradedesk/domain';
import { create } from 'zustand';

export type { NotificationKind };

export type AppNotification = {
  id: string;
  message: string;
  type: NotificationKind;
  /** Milliseconds since the epoch. */
  timestamp: number;
  isRead: boolean;
};

/** A notification the server kept for the user (GET /api/notification, socket `notification`). */
export type ServerNotification = {
  id: string;
  message: string;
  type: NotificationKind;
  createdAt: string;
  isRead: boolean;
};

type NotificationState = {
  /** Newest first: the server's kept notifications (docs/decisions/notifications.md). */
  notifications: AppNotification[];
  /** Adds the server's notifications not yet in the list (by id); known ones take the server's read state. */
  keep: (items: readonly ServerNotification[]) => void;
  markRead: (id: string) => void;
  clearNotifications: () => void;
};

const fromServer = ({ id, message, type, createdAt, isRead }: ServerNotification): AppNotification => ({
  id,
  message,
  type,
  timestamp: Date.parse(createdAt),
  isRead,
});

/**
 * The notification list and badge. Only notifications the server kept come in here, so the badge
 * and the list after a reload agree; passing toasts (validation, acknowledgements) never do.
 */
export const useNotificationStore = create<NotificationState>()((set) => ({
  notifications: [],
  keep: (items) =>
    set((state) => {
      const known = new Map(state.notifications.map((item) => [item.id, item]));
      let { notifications } = state;
      // Oldest first, so the domain's cap (25, keeping the newest 24 when full) drops the oldest.
      for (const item of [...items].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))) {
        const existing = known.get(item.id);
        if (existing) {
          if (item.isRead && !existing.isRead)
            notifications = notifications.map((entry) =>
              entry.id === item.id ? { ...entry, isRead: true } : entry,
            );
          continue;
        }
        notifications = addNotification(notifications, fromServer(item));
      }
      return notifications === state.notifications ? {} : { notifications };
    }),
  markRead: (id) =>
    set((state) => ({
      notifications: state.notifications.map((item) =>
        item.id === id && !item.isRead ? { ...item, isRead: true } : item,
      ),
    })),
  clearNotifications: () => set({ notifications: [] }),
}));

export const selectUnreadCount = (state: NotificationState) => unreadCount(state.notifications);
