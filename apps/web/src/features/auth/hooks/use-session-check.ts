import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SESSION_CHECK_INTERVAL_MS } from '../../../config/limits';
import { ApiError } from '../../../lib/api-client';
import { computeFingerprint } from '../../../lib/fingerprint';
import { useAuthStore } from '../../../stores/auth-store';
import { authCalls } from '../api/auth-calls';
import { endExpiredSession, signOutAfterFingerprintFailure } from '../session';

/**
 * While signed in (and not inside an iframe), checks the session and this browser's fingerprint
 * on start and every five minutes. A mismatch runs the fingerprint-failure sign-out; a refused
 * session sends the user to /login.
 */
export function useSessionCheck({ isIFrame }: { isIFrame: boolean }): void {
  const token = useAuthStore((state) => state.token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (isIFrame || token === null) return;
    let isCancelled = false;
    const check = async () => {
      const fingerprint = useAuthStore.getState().fingerprint ?? (await computeFingerprint());
      try {
        await authCalls.checkFingerprint({ fingerprint, isIFrame });
      } catch (error) {
        if (isCancelled) return;
        const context = { queryClient, navigate };
        if (error instanceof ApiError && error.status === 403)
          await signOutAfterFingerprintFailure(error, context);
        else if (error instanceof ApiError && error.status < 500) endExpiredSession(error.message, context);
        // A network or server failure says nothing about the session: the next check will tell.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      isCancelled = true;
      window.clearInterval(timer);
    };
  }, [isIFrame, token, queryClient, navigate]);
}
