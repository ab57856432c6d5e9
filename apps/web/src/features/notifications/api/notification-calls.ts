import { api } from '../../../lib/api-client';

/** Marks one kept notification read on the server (the badge counts the server's unread ones). */
export const markNotificationRead = (id: string) =>
  api.post<{ id: string }>('notification', `/${encodeURIComponent(id)}/read`, {});

/** Deletes the user's kept notifications. */
export const clearServerNotifications = () => api.delete<unknown>('notification', '');
