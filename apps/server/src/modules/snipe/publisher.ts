import type { AppContext } from '../../lib/app-context.js';
import { createUserChannel, type ChannelAction, type UserChannel } from '../../runs/user-channel.js';
import type { ChatNotifier } from '../webhook/notifier.js';

/** The snipe dashboard's own socket actions (besides the channel's account rows and notifications). */
export type SnipeWebAction =
  | 'upsert-session'
  | 'snipe-result'
  | 'break-start'
  | 'break-end'
  | 'stop'
  | 'snipe-started'
  | 'filter-switched';

/** The snipe runs' fan-out: the per-user channel over the `/client/snipe` hub. */
export function createSnipePublisher(
  ctx: AppContext,
  emit: (room: string, message: { action: SnipeWebAction | ChannelAction; data: unknown }) => void,
  chat: ChatNotifier,
  onError: (error: unknown) => void,
): SnipePublisher {
  return createUserChannel<SnipeWebAction>(ctx, emit, chat, onError);
}

export type SnipePublisher = UserChannel<SnipeWebAction>;
