import { useQueryClient } from '@tanstack/react-query';
import { isWebHubMessage, useWebHub, webHubPaths, type WebHubListener } from '../../../common/live';
import { notify } from '../../../lib/notify';
import { keptNotificationOf } from '../../../stores/kept-notification';
import { serverNotificationsQueryKey } from '../api/use-server-notifications';

/**
 * The bell hears the server's kept notifications live on every page, not only on the tool page that
 * started the run: a transfer or a snipe run goes on after the user navigates away, and its notices
 * go to the user's sockets on its tool's hub. They are kept quietly (the tool pages toast their own
 * results); after a dropped connection the list is read again, as its messages may be lost.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const listener: WebHubListener = {
    onMessage: (payload) => {
      if (!isWebHubMessage(payload) || payload.action !== 'notification') return;
      const kept = keptNotificationOf(payload.data);
      if (kept) notify.kept(kept, { quiet: true });
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: serverNotificationsQueryKey }),
  };
  useWebHub(webHubPaths.snipe, listener);
  useWebHub(webHubPaths.transfer, listener);
}
