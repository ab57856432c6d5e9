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

type NotificationState = {
  /** Newest first. */
  notifications: AppNotification[];
  addNotification: (notification: { message: string; type: NotificationKind; timestamp?: number }) => void;
  markRead: (id: string) => void;
  clearNotifications: () => void;
};

let sequence = 0;
const nextId = (timestamp: number) => `${timestamp.toString(36)}-${(sequence++).toString(36)}`;

export const useNotificationStore = create<NotificationState>()(
  persist(
    (set) => ({
      notifications: [],
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
