import type { NotificationKind, NotificationType, ServerLogMessage } from '@tradedesk/domain';
import type { AppContext } from '../../context.js';
import { presentAccount } from '../account/presenter.js';
import { presentNotification, typeOfKind } from '../notification/presenter.js';
import { notificationRepo } from '../notification/repo.js';
import type { AccountRow } from '../account/repo.js';
import { runNoticeMessage } from '../webhook/embeds.js';
import type { ChatKind, ChatNotifier } from '../webhook/notifier.js';

/** The room of one user's web sockets (on every node, through the adapter). */
export const userRoom = (userId: string) => `user:${userId}`;

export type WebAction =
  | 'update-account'
  | 'upsert-session'
  | 'snipe-result'
  | 'break-start'
  | 'break-end'
  | 'stop'
  | 'notification'
  | 'snipe-started'
  | 'filter-switched';

/**
 * Which notice switch governs a notification's toast (the list keeps every one). A `follow-up`
 * (what became of a card just bought) is kept but never toasted: its purchase had the toast, and
 * one toast per purchase keeps the stack readable while sniping.
 */
export type NoticeTopic = 'run' | 'snipe' | 'break' | 'follow-up';

/**
 * The one fan-out of run events to the outside: the user's web sockets and the chat webhook.
 * `Action` widens the socket actions for a hub with its own (the transfer hub).
 * Socket delivery is fire-and-forget; chat messages go to the chat service's queues, so a failing
 * webhook never blocks a run.
 */
export function createSnipePublisher<Action extends string = WebAction>(
  ctx: AppContext,
  emit: (room: string, message: { action: Action | WebAction; data: unknown }) => void,
  chat: ChatNotifier,
  onError: (error: unknown) => void,
) {
  const clubName = (account: Pick<AccountRow, 'username' | 'email'>) => account.username || account.email;

  const webhookPost = (userId: string, kind: ChatKind, message: ServerLogMessage) =>
    chat.post(userId, kind, message);

  return {
    toUser(userId: string, action: Action | WebAction, data: unknown) {
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

export type SnipePublisher = ReturnType<typeof createSnipePublisher>;
