import toast from 'react-hot-toast';
import {
  useNotificationStore,
  type NotificationKind,
  type ServerNotification,
} from '../stores/notification-store';

/**
 * A passing toast: feedback on what the user just did (validation, saved, sent). It is not a
 * notification; only what the server keeps goes into the list (`notify.kept`).
 */
function show(type: NotificationKind, message: string): string {
  if (type === 'error') return toast.error(message);
  if (type === 'success') return toast.success(message);
  if (type === 'custom') return toast(message, { icon: '🔔' });
  return toast(message);
}

const formIssueId = (form: string) => `form-issue:${form}`;

/** Where a toast waits across a reload the app itself starts (this tab's session only). */
const TOAST_AFTER_RELOAD_KEY = 'tradedesk:toast-after-reload';

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  custom: (message: string) => show('custom', message),
  blank: (message: string) => show('blank', message),
  /**
   * A form's broken rule (spec 000 §5: the first issue as an error toast). One per form: a newer
   * issue replaces it, and `clearFormIssue` takes it away once the form is valid, so a corrected
   * form's 'Account created successfully' no longer shows beside the old 'Email must be…'.
   */
  formIssue: (form: string, message: string) => toast.error(message, { id: formIssueId(form) }),
  clearFormIssue: (form: string) => toast.remove(formIssueId(form)),
  /** A success toast for an action whose last step reloads the page: the next page shows it. */
  successAfterReload: (message: string) => {
    try {
      sessionStorage.setItem(TOAST_AFTER_RELOAD_KEY, message);
    } catch {
      show('success', message); // storage refused (private mode, quota): at least show it now
    }
  },
  /** A notification the server kept: into the list (and badge), with a toast unless `quiet`. */
  kept: (notification: ServerNotification, options: { quiet?: boolean } = {}) => {
    useNotificationStore.getState().keep([notification]);
    if (!options.quiet) show(notification.type, notification.message);
  },
};

/** The text to show for anything thrown: an Error's message, else a generic apology. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong, please try again later';
}

/** Shows, once, the toast an action left for the page after its reload. */
export function showToastLeftForReload(): void {
  let message: string | null;
  try {
    message = sessionStorage.getItem(TOAST_AFTER_RELOAD_KEY);
    sessionStorage.removeItem(TOAST_AFTER_RELOAD_KEY);
  } catch {
    return;
  }
  if (message) show('success', message);
}
