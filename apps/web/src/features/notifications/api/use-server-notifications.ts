import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '../../../config/limits';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore, type ServerNotification } from '../../../stores/notification-store';

/** The notifications the server kept for the user, newest first (at most 25). */
export const getServerNotifications = () => api.get<ServerNotification[]>('notification', '');

/** The list's query key (with the username after it): read again when live messages may have been lost. */
export const serverNotificationsQueryKey = ['notification'] as const;

/**
 * While signed in, the notification list is the server's: read on sign-in (and so after every
 * reload) and with the five-minute session check; live ones arrive on the web hubs (useLiveNotifications).
 */
export function useServerNotifications(): void {
  const username = useAuthStore((state) => (state.token === null ? null : state.username));
  const keep = useNotificationStore((state) => state.keep);
  const clear = useNotificationStore((state) => state.clearNotifications);
  const { data } = useQuery({
    queryKey: [...serverNotificationsQueryKey, username],
    queryFn: getServerNotifications,
    enabled: username !== null,
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    staleTime: 0,
    // A missed poll is harmless (the next one catches up), so it never raises a toast.
    meta: { silent: true },
  });

  // Another user's list never shows: signing out (or in as someone else) starts empty.
  useEffect(() => clear, [username, clear]);
  useEffect(() => {
    if (username !== null && data) keep(data);
  }, [username, data, keep]);
}
