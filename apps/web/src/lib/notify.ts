import toast from 'react-hot-toast';
import { useAuthStore } from '../stores/auth-store';
import { useNotificationStore, type NotificationKind } from '../stores/notification-store';

/**
 * Shows a toast and, while signed in, keeps it in the notifications list (spec §8: errors are
 * toasts and are kept as notifications when logged in; the list holds every kind of notice).
 */
function show(type: NotificationKind, message: string): void {
  if (type === 'error') toast.error(message);
  else if (type === 'success') toast.success(message);
  else if (type === 'custom') toast(message, { icon: '🔔' });
  else toast(message);
  if (useAuthStore.getState().token !== null)
    useNotificationStore.getState().addNotification({ message, type });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  custom: (message: string) => show('custom', message),
  blank: (message: string) => show('blank', message),
};

/** The text to show for anything thrown: an Error's message, else a generic apology. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong, please try again later';
}
