import type { QueryClient } from '@tanstack/react-query';
import { loginPathFor, paths } from '../../config/paths';
import { errorMessage, notify } from '../../lib/notify';
import { useAuthStore } from '../../stores/auth-store';
import { authCalls } from './api/auth-calls';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;
type SessionContext = { queryClient: QueryClient; navigate: Navigate };

/** Forget the token, the fingerprint and every cached answer of the previous user. */
function resetUser(queryClient: QueryClient): void {
  useAuthStore.getState().clearSession();
  queryClient.clear();
}

/** Ask the server to end the session; the local sign-out goes ahead even if that call fails. */
async function endServerSession(): Promise<void> {
  try {
    await authCalls.logout();
  } catch {
    // The cookie may already be gone; there is nothing more to end.
  }
}

/** The logout button: end the session, then go home (spec §2). */
export async function signOut({ queryClient, navigate }: SessionContext): Promise<void> {
  await endServerSession();
  resetUser(queryClient);
  navigate(paths.home, { replace: true });
  notify.success('Successfully logged out');
}

/**
 * A fingerprint validation failure (spec §8): show its message, force logout, clear token and
 * fingerprint, reset the user, then say 'Successfully logged out'.
 */
export async function signOutAfterFingerprintFailure(
  error: unknown,
  { queryClient, navigate }: SessionContext,
): Promise<void> {
  notify.error(errorMessage(error));
  await endServerSession();
  resetUser(queryClient);
  notify.success('Successfully logged out');
  navigate(paths.login, { replace: true });
}

/** The session ended on the server (401): sign out locally and send the user to /login. */
export function endExpiredSession(message: string, { queryClient, navigate }: SessionContext): void {
  if (useAuthStore.getState().token === null) return;
  const from = `${window.location.pathname}${window.location.search}`;
  resetUser(queryClient);
  notify.error(message);
  navigate(loginPathFor(from), { replace: true });
}
