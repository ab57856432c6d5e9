import type { NotificationKind, NotificationType, ServerLogMessage } from '@tradedesk/domain';
import type { AppContext } from '../lib/app-context.js';
import { presentAccount } from '../modules/account/presenter.js';
import { presentNotification, typeOfKind } from '../modules/notification/presenter.js';
import { notificationRepo } from '../modules/notification/repo.js';
import type { AccountRow } from '../modules/account/repo.js';
import { runNoticeMessage } from '../modules/webhook/embeds.js';
import type { ChatKind, ChatNotifier } from '../modules/webhook/notifier.js';

/** The room of one user's web sockets (on every node, through the adapter). */
export const userRoom = (userId: string) => `user:${userId}`;

/** What the channel itself sends besides a tool's own actions: account rows and notifications. */
export type ChannelAction = 'update-account' | 'notification';

/**
 * Which notice switch governs a notification's toast (the list keeps every one). A `follow-up`
 * (what became of a card just bought) is kept but never toasted: its purchase had the toast, and
 * one toast per purchase keeps the stack readable while sniping.
 */
export type NoticeTopic = 'run' | 'snipe' | 'break' | 'follow-up';

/**
 * The per-user channel: the one fan-out of run events to the outside, the user's web sockets (one
 * hub's, through `emit`) and the chat webhook. `Action` is the hub's own socket actions.
 * Socket delivery is fire-and-forget; chat messages go to the chat service's queues, so a failing
 * webhook never blocks a run.
 */
export function createUserChannel<Action extends string>(
  ctx: AppContext,
  emit: (room: string, message: { action: Action | ChannelAction; data: unknown }) => void,
  chat: ChatNotifier,
  onError: (error: unknown) => void,
) {
  const clubName = (account: Pick<AccountRow, 'username' | 'email'>) => account.username || account.email;

  const webhookPost = (userId: string, kind: ChatKind, message: ServerLogMessage) =>
    chat.post(userId, kind, message);

  return {
    toUser(userId: string, action: Action | ChannelAction, data: unknown) {
      emit(userRoom(userId), { action, data });
    },
    account(userId: string, row: AccountRow) {
      emit(userRoom(userId), { action: 'update-account', data: presentAccount(row) });
    },
    /**
     * A notification: kept for the user (their list and badge) and sent to their sockets with
     * its id. `topic` tells the web which notice switch governs the toast (purchases follow
     * snipe notices, breaks follow start/stop notices); the list keeps every one. A `noticeKey`
     * names a standing notice the user has at most one unread of: none is raised while one is.
     */
    notify(
      userId: string,
      type: NotificationKind,
      message: string,
      topic: NoticeTopic = 'run',
      noticeKey?: string,
    ): Promise<string | undefined> {
      return notificationRepo
        .insert(ctx.db, {
          userId,
          type: typeOfKind(type),
          message,
          createdAt: ctx.now(),
          ...(noticeKey === undefined ? {} : { noticeKey }),
        })
        .then(
          (row) => {
            if (!row) return undefined;
            emit(userRoom(userId), { action: 'notification', data: { ...presentNotification(row), topic } });
            return row.id;
          },
          (error: unknown) => {
            onError(error);
            return undefined;
          },
        );
    },
    /** A passing notice (an acknowledgement of the user's own action): a toast, never kept. */
    toast(userId: string, type: NotificationKind, message: string) {
      emit(userRoom(userId), { action: 'notification', data: { type, message } });
    },
    webhook: webhookPost,
    webhookStartStop(
      userId: string,
      account: Pick<AccountRow, 'username' | 'email'>,
      type: NotificationType,
      message: string,
      counters?: { requests: number; searches: number },
    ) {
      webhookPost(userId, 'start-stop', {
        ...runNoticeMessage(type, message, clubName(account)),
        ...counters,
      });
    },
    clubName,
  };
}

export type UserChannel<Action extends string> = ReturnType<typeof createUserChannel<Action>>;
