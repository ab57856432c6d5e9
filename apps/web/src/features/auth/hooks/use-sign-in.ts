import { messages } from '@tradedesk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../../lib/api-client';
import { computeFingerprint } from '../../../lib/fingerprint';
import { errorMessage, notify } from '../../../lib/notify';
import { useAuthStore } from '../../../stores/auth-store';
import { authCalls } from '../api/auth-calls';
import { userQueryKey } from '../../../common/user';
import type { SessionUser } from '../../../common/user';

export type SignInInput = { username: string; token: string; isRemembered: boolean };
/** A one-time code sign-in: the session then lives without a licence token. */
export type CodeSignInInput = { username: string; code: string; isRemembered: boolean };

/** Server credential codes (spec §8) shown as sentences. */
const credentialMessages: Record<string, string> = {
  invalid_credentials: 'Invalid username or token',
  missing_credentials: 'Enter your username and token',
  missing_data: 'Enter your username and token',
};

/** A wrong or expired one-time code (ours). */
export const INVALID_CODE = 'Invalid username or code';

export const signInErrorText = (error: unknown): string => {
  const text = errorMessage(error);
  const code = error instanceof ApiError ? (error.code ?? text) : text;
  return credentialMessages[code] ?? text;
};

const isActiveSessionConflict = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.code === undefined || error.code === 'active_session');

/**
 * Signs in with username and licence token. An empty token is refused before any call; a 409
 * ("signed in on another device") is kept as `conflict` so the form can offer to sign the other
 * device out, which `forceSignIn` does before trying again.
 */
export function useSignIn({
  isIFrame,
  onSignedIn,
}: {
  isIFrame: boolean;
  onSignedIn?: (user: SessionUser) => void;
}) {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<{ input: SignInInput; message: string } | null>(null);
  // A failed attempt's toast is stale once a later attempt succeeds: it goes with the success.
  const failureToasts = useRef<string[]>([]);

  const mutation = useMutation({
    meta: { silent: true },
    mutationFn: async ({
      input,
      isForced,
      code,
    }: {
      input: SignInInput;
      isForced: boolean;
      /** Set for a one-time code sign-in (then `input.token` is empty). */
      code?: string;
    }) => {
      const username = input.username.trim();
      const fingerprint = await computeFingerprint();
      if (code !== undefined) {
        const { user } = await authCalls.signInWithCode({
          username,
          code: code.trim(),
          fingerprint,
          isIFrame,
        });
        // The session cookie carries a code sign-in; the stored token stays empty.
        return { user, session: { username, token: '', isRemembered: input.isRemembered, fingerprint } };
      }
      const token = input.token.trim();
      if (!token) throw new Error(messages.invalidToken);
      if (isForced) await authCalls.forceLogout({ token });
      const { user } = await authCalls.signIn({ username, token, fingerprint, isIFrame });
      return { user, session: { username, token, isRemembered: input.isRemembered, fingerprint } };
    },
    onMutate: () => setConflict(null),
    onSuccess: ({ user, session }) => {
      failureToasts.current.forEach((id) => toast.dismiss(id));
      failureToasts.current = [];
      // Cache the user first so signing in (which re-renders the app) needs no second fetch.
      queryClient.setQueryData(userQueryKey, user);
      useAuthStore.getState().signIn(session);
      onSignedIn?.(user);
    },
    onError: (error, { input, code }) => {
      if (isActiveSessionConflict(error) && code === undefined)
        setConflict({ input, message: errorMessage(error) });
      else if (code !== undefined && signInErrorText(error) === credentialMessages.invalid_credentials)
        failureToasts.current.push(notify.error(INVALID_CODE));
      else failureToasts.current.push(notify.error(signInErrorText(error)));
    },
  });

  return {
    signIn: (input: SignInInput) => mutation.mutate({ input, isForced: false }),
    signInWithCode: ({ code, ...input }: CodeSignInInput) =>
      mutation.mutate({ input: { ...input, token: '' }, isForced: false, code }),
    forceSignIn: () => conflict && mutation.mutate({ input: conflict.input, isForced: true }),
    dismissConflict: () => setConflict(null),
    conflict,
    isPending: mutation.isPending,
  };
}
