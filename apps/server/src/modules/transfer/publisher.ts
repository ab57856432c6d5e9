import type { TransferServerAction } from '@tradedesk/domain';
import type { Server } from 'socket.io';
import type { AppContext } from '../../context.js';
import { createSnipePublisher, userRoom } from '../snipe/publisher.js';
import type { ChatNotifier } from '../webhook/notifier.js';

/**
 * The transfer pages' fan-out: the snipe publisher's (sockets and chat webhook) over the
 * `/client/transfer` hub, plus the hub's `error {description}` event.
 */
export function createTransferPublisher(
  ctx: AppContext,
  hub: Server,
  chat: ChatNotifier,
  onError: (error: unknown) => void,
) {
  const publisher = createSnipePublisher<TransferServerAction>(
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
  };
}

export type TransferPublisher = ReturnType<typeof createTransferPublisher>;
