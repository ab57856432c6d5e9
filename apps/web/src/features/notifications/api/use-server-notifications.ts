import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_CHECK_INTERVAL_MS } from '../../../config/limits';
import { api } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useNotificationStore, type ServerNotification } from '../../../stores/notification-store';

/** Notifications the server kept for the user after `since` (newest first). */
export const getServerNotifications = (since: string | undefined) =>
  api.get<ServerNotification[]>('notification', '', { since });

/**
 * While signed in, brings the server's notifications (such as a sandbox sign-in code) into the
 * notification list: on sign-in and then with the five-minute session check.
 */
export function useServerNotifications(): void {
  const username = useAuthStore((state) => (state.token === null ? null : state.username));
  const merge = useNotificationStore((state) => state.mergeServerNotifications);
  const { data } = useQuery({
    queryKey: ['notification', username],
    queryFn: () => getServerNotifications(useNotificationStore.getState().serverCursors[username ?? '']),
    enabled: username !== null,
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    staleTime: 0,
    // A missed poll is harmless (the next one catches up), so it never raises a toast.
    meta: { silent: true },
  });

  useEffect(() => {
    if (username !== null && data) merge(username, data);
  }, [username, data, merge]);
}
