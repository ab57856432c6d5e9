import { useMemo } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useAuthStore } from '../stores/auth-store';

/**
 * What a web hub connection signs in with. The hub authenticates the session cookie; the licence
 * token rides along (client type web) and is empty for a one-time-code sign-in, which is signed
 * in all the same. An object, so no caller can mistake that empty token for "signed out".
 */
export interface WebHubCredential {
  readonly token: string;
}

/**
 * The signed-in user's hub credential, or null when signed out (then no live hook connects).
 * Every live hook connects with this: the rule lives here once.
 */
export function useWebHubCredential(): WebHubCredential | null {
  const token = useAuthStore((state) => state.token);
  return useMemo(() => (token === null ? null : { token }), [token]);
}

/**
 * Opens a web hub connection (`/client/snipe`, `/client/transfer`) with the user's credential and
 * the session cookie, and joins the user's room on every (re)connect so the server sends the
 * current state.
 */
export function connectWebHub(path: string, credential: WebHubCredential): Socket {
  const socket = io({
    path,
    auth: { token: credential.token, clientType: 'web' },
    withCredentials: true,
    // socket.io-client reuses a cached socket per address; a remounted page must not inherit the
    // previous mount's listeners (every message would be handled twice).
    forceNew: true,
    // The hub may be down for a while: back off instead of hammering it.
    reconnectionDelayMax: 30_000,
  });
  socket.on('connect', () => socket.emit('join'));
  return socket;
}

/** Sends an action only on a live connection: an action must never fire later, unannounced. */
export function sendWebHubAction(socket: Socket | null, action: string, data: unknown): boolean {
  if (!socket?.connected) return false;
  socket.emit('message', { action, data });
  return true;
}

/**
 * A hub `message` as every live hook first checks it: an action name and a data object. The
 * caller names what it expects the data to hold; it still checks each field before use.
 */
export type WebHubMessage<Data extends object = Record<string, unknown>> = { action: string; data: Data };

export const isWebHubMessage = <Data extends object = Record<string, unknown>>(
  payload: unknown,
): payload is WebHubMessage<Data> =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as WebHubMessage).action === 'string' &&
  typeof (payload as WebHubMessage).data === 'object' &&
  (payload as WebHubMessage).data !== null;
