import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { NOTIFICATION_LIMIT } from '../config/limits';

export type NotificationKind = 'success' | 'error' | 'custom' | 'blank';

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
      addNotification: ({ message, type, timestamp = Date.now() }) =>
        set((state) => {
          // When the list is full, keep the newest (limit - 1) so the new one fits (spec: 25, keep 24).
          const kept =
            state.notifications.length >= NOTIFICATION_LIMIT
              ? state.notifications.slice(0, NOTIFICATION_LIMIT - 1)
              : state.notifications;
          const added: AppNotification = { id: nextId(timestamp), message, type, timestamp, isRead: false };
          return { notifications: [added, ...kept] };
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

export const selectUnreadCount = (state: NotificationState) =>
  state.notifications.filter((item) => !item.isRead).length;
