import { useLiveNotifications } from './use-live-notifications';

/**
 * The bell's live feed, loaded apart from the entry: the socket client and the notification
 * parser's schema load with it, after the page, and only for a signed-in user.
 */
export default function LiveNotifications() {
  useLiveNotifications();
  return null;
}
