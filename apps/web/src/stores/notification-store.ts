import { addNotification, unreadCount, type NotificationKind } from '@tradedesk/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type { NotificationKind };

export type AppNotification = {
  id: string;
  message: string;
  type: NotificationKind;
  /** Milliseconds since the epoch. */
  timestamp: number;
  isRead: boolean;
};

/** A notification the server kept for the user (GET /api/notification). */
export type ServerNotification = {
  id: string;
  message: string;
  type: NotificationKind;
  createdAt: string;
  isRead: boolean;
};

type NotificationState = {
  /** Newest first. */
  notifications: AppNotification[];
  /** Per username, the newest server `createdAt` already merged (cleared ones must not come back). */
  serverCursors: Record<string, string>;
  addNotification: (notification: { message: string; type: NotificationKind; timestamp?: number }) => void;
  /** Adds the server's notifications not yet in the list and moves the user's cursor past them. */
  mergeServerNotifications: (username: string, items: readonly ServerNotification[]) => void;
  markRead: (id: string) => void;
  clearNotifications: () => void;
};

let sequence = 0;
const nextId = (timestamp: number) => `${timestamp.toString(36)}-${(sequence++).toString(36)}`;

export const useNotificationStore = create<NotificationState>()(
  persist(
    (set) => ({
      notifications: [],
      serverCursors: {},
      // The cap (25, keeping the newest 24 when full) and the order are the domain's rule.
      addNotification: ({ message, type, timestamp = Date.now() }) =>
        set((state) => ({
          notifications: addNotification(state.notifications, {
            id: nextId(timestamp),
            message,
            type,
            timestamp,
            isRead: false,
          }),
        })),
      mergeServerNotifications: (username, items) =>
        set((state) => {
          const previous = state.serverCursors[username];
          const after = previous === undefined ? -Infinity : Date.parse(previous);
          // At or before the cursor means merged already, even if the user has cleared it since.
          const fresh = items.filter((item) => Date.parse(item.createdAt) > after);
          if (fresh.length === 0) return {};
          let { notifications } = state;
          let cursor = fresh[0]!.createdAt;
          for (const { id, message, type, isRead, createdAt } of fresh) {
            const timestamp = Date.parse(createdAt);
            if (timestamp > Date.parse(cursor)) cursor = createdAt;
            notifications = addNotification(notifications, {
              id: `server-${id}`,
              message,
              type,
              timestamp,
              isRead,
            });
          }
          return { notifications, serverCursors: { ...state.serverCursors, [username]: cursor } };
        }),
      markRead: (id) =>
        set((state) => ({
          notifications: state.notifications.map((item) =>
            item.id === id && !item.isRead ? { ...item, isRead: true } : item,
          ),
        })),
      clearNotifications: () => set({ notifications: [] }),
    }),
    { name: 'tradedesk-notifications', storage: createJSONStorage(() => localStorage) },
  ),
);

export const selectUnreadCount = (state: NotificationState) => unreadCount(state.notifications);
