import { io, type Socket } from 'socket.io-client';

/** The path of the web clients' snipe hub (docs/realtime.md). */
export const SNIPE_SOCKET_PATH = '/client/snipe';

export type SnipeAction = 'snipe-create-browser' | 'snipe-stop';

/**
 * Opens the `/client/snipe` connection with the licence token (client type web) and the session
 * cookie, and joins the user's room on every (re)connect so the server sends the current state.
 */
export function connectSnipeSocket(token: string): Socket {
  const socket = io({
    path: SNIPE_SOCKET_PATH,
    auth: { token, clientType: 'web' },
    withCredentials: true,
    // socket.io-client reuses a cached socket per address; a remounted dashboard must not
    // inherit the previous mount's listeners (every message would be handled twice).
    forceNew: true,
    // The hub may be down for a while: back off instead of hammering it.
    reconnectionDelayMax: 30_000,
  });
  socket.on('connect', () => socket.emit('join'));
  return socket;
}

/** Sends an action only on a live connection: a start must never fire later, unannounced. */
export function sendSnipeAction(socket: Socket | null, action: SnipeAction, data: unknown): boolean {
  if (!socket?.connected) return false;
  socket.emit('message', { action, data });
  return true;
}
