import { io, type Socket } from 'socket.io-client';

/**
 * Opens a web hub connection (`/client/snipe`, `/client/transfer`) with the licence token (client
 * type web) and the session cookie, and joins the user's room on every (re)connect so the server
 * sends the current state.
 */
export function connectWebHub(path: string, token: string): Socket {
  const socket = io({
    path,
    auth: { token, clientType: 'web' },
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
