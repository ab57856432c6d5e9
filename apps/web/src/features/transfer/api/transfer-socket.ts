import type { TransferWebAction } from '@tradedesk/domain';
import type { Socket } from 'socket.io-client';
import { connectWebHub, sendWebHubAction, type WebHubCredential } from '../../../lib/web-hub-socket';
import { webHubPaths } from '../../../shared/live/hub-paths';

/** The path of the web clients' transfer hub. */
export const TRANSFER_SOCKET_PATH = webHubPaths.transfer;

/** Opens the `/client/transfer` connection (see lib/web-hub-socket). */
export const connectTransferSocket = (credential: WebHubCredential): Socket =>
  connectWebHub(TRANSFER_SOCKET_PATH, credential);

/** Sends a transfer action only on a live connection. */
export const sendTransferAction = (
  socket: Socket | null,
  action: TransferWebAction,
  data: unknown,
): boolean => sendWebHubAction(socket, action, data);
