import type { Socket } from 'socket.io-client';
import {
  recoverRefusedConnections,
  type ConnectionRecovery,
  type LiveStatus,
} from '../../lib/socket-recovery';
import { connectWebHub, sendWebHubAction, type WebHubCredential } from '../../lib/web-hub-socket';
import type { WebHubPath } from './hub-paths';

/** What a live view hears from its hub. */
export interface WebHubListener {
  onMessage?(payload: unknown): void;
  onError?(payload: unknown): void;
  onStatus?(status: LiveStatus): void;
  /**
   * The connection came back after a drop (not its first connect): what the view shows may have
   * changed meanwhile, and the messages about it were lost, so the view reads it again.
   */
  onResync?(): void;
}

/** A view's hold on its hub's one connection. */
export interface WebHubHandle {
  status(): LiveStatus;
  /** Sends an action only on a live connection (see lib/web-hub-socket). */
  send(action: string, data: unknown): boolean;
  /** Retry at once after the client gave up (the user pressed Reconnect). */
  reconnectNow(): void;
  /** The view is gone; the last one to leave closes the connection. */
  detach(): void;
}

interface SharedConnection {
  socket: Socket;
  recovery: ConnectionRecovery;
  status: LiveStatus;
  listeners: Set<WebHubListener>;
}

/** One connection per hub path and credential, shared by every live view that needs it. */
const connections = new Map<string, SharedConnection>();

function openConnection(key: string, path: WebHubPath, credential: WebHubCredential): SharedConnection {
  // connectWebHub joins the user's room on every (re)connect; the server then sends its state.
  const socket = connectWebHub(path, credential);
  const listeners = new Set<WebHubListener>();
  const each = (call: (listener: WebHubListener) => void) => {
    for (const listener of [...listeners]) call(listener);
  };
  let hasConnected = false;
  const connection: SharedConnection = {
    socket,
    listeners,
    status: 'connecting',
    // A dropped transport is retried by socket.io-client, a refused handshake by the recovery.
    recovery: recoverRefusedConnections(socket, {
      onStatus: (status) => {
        connection.status = status;
        each((listener) => listener.onStatus?.(status));
      },
    }),
  };
  socket.on('connect', () => {
    if (hasConnected) each((listener) => listener.onResync?.());
    hasConnected = true;
  });
  socket.on('message', (payload: unknown) => each((listener) => listener.onMessage?.(payload)));
  socket.on('error', (payload: unknown) => each((listener) => listener.onError?.(payload)));
  connections.set(key, connection);
  return connection;
}

/**
 * Attaches a view to the hub at `path`: the first view opens the connection, later ones share it,
 * and the last to detach closes it (no retry outlives the views).
 */
export function attachWebHub(
  path: WebHubPath,
  credential: WebHubCredential,
  listener: WebHubListener,
): WebHubHandle {
  const key = `${path}\n${credential.token}`;
  const connection = connections.get(key) ?? openConnection(key, path, credential);
  connection.listeners.add(listener);
  let attached = true;
  return {
    status: () => connection.status,
    send: (action, data) => attached && sendWebHubAction(connection.socket, action, data),
    reconnectNow: () => {
      if (attached) connection.recovery.reconnectNow();
    },
    detach: () => {
      if (!attached) return;
      attached = false;
      connection.listeners.delete(listener);
      if (connection.listeners.size > 0) return;
      connections.delete(key);
      connection.recovery.stop();
      connection.socket.removeAllListeners();
      connection.socket.disconnect();
    },
  };
}
