import type { Socket } from 'socket.io-client';
import { connectWebHub, sendWebHubAction, type WebHubCredential } from '../../../lib/web-hub-socket';
import { webHubPaths } from '../../../shared/live/hub-paths';

/** The path of the web clients' snipe hub (docs/realtime.md). */
export const SNIPE_SOCKET_PATH = webHubPaths.snipe;

export type SnipeAction = 'snipe-create-browser' | 'snipe-stop' | 'snipe-rehearse' | 'LAUNCH_BROWSER';

/** Opens the `/client/snipe` connection (see lib/web-hub-socket). */
export const connectSnipeSocket = (credential: WebHubCredential): Socket =>
  connectWebHub(SNIPE_SOCKET_PATH, credential);

/** Sends an action only on a live connection: a start must never fire later, unannounced. */
export const sendSnipeAction = (socket: Socket | null, action: SnipeAction, data: unknown): boolean =>
  sendWebHubAction(socket, action, data);
