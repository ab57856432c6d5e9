import type { TransferServerAction } from '@tradedesk/domain';
import type { Server } from 'socket.io';
import type { AppContext } from '../../lib/app-context.js';
import { createUserChannel, userRoom } from '../../runs/user-channel.js';
import type { ChatNotifier } from '../webhook/notifier.js';

/**
 * The transfer pages' fan-out: the per-user channel (sockets and chat webhook) over the
 * `/client/transfer` hub, plus the hub's `error {description}` event. `otherHubs` (the snipe hub) also
 * hear what any page may have asked for (Launch Webapp's answer).
 */
export function createTransferPublisher(
  ctx: AppContext,
  hub: Server,
  chat: ChatNotifier,
  onError: (error: unknown) => void,
  otherHubs: readonly Server[] = [],
) {
  const everyHub = [hub, ...otherHubs];
  const publisher = createUserChannel<TransferServerAction>(
    ctx,
    (room, message) => hub.to(room).emit('message', message),
    chat,
    onError,
  );
  return {
    ...publisher,
    toUserError(userId: string, description: string) {
      hub.to(userRoom(userId)).emit('error', { description });
    },
    toUserOnEveryHub(userId: string, action: TransferServerAction, data: unknown) {
      for (const each of everyHub) each.to(userRoom(userId)).emit('message', { action, data });
    },
    toUserErrorOnEveryHub(userId: string, description: string) {
      for (const each of everyHub) each.to(userRoom(userId)).emit('error', { description });
    },
  };
}

export type TransferPublisher = ReturnType<typeof createTransferPublisher>;
