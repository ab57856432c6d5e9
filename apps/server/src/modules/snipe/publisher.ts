import {
  notificationConfigSchema,
  type NotificationKind,
  type NotificationType,
  type ServerLogMessage,
} from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { configurations, users } from '../../db/schema.js';
import { presentAccount } from '../account/presenter.js';
import { presentNotification, typeOfKind } from '../notification/presenter.js';
import { notificationRepo } from '../notification/repo.js';
import type { AccountRow } from '../account/repo.js';
import { runNoticeMessage } from '../webhook/embeds.js';
import type { WebhookKind, WebhookNotifier, WebhookTarget } from '../webhook/notifier.js';

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

/** Which notice switch governs a notification's toast (the list keeps every one). */
export type NoticeTopic = 'run' | 'snipe' | 'break';

/**
 * The one fan-out of run events to the outside: the user's web sockets and the chat webhook.
 * `Action` widens the socket actions for a hub with its own (the transfer hub).
 * Socket delivery is fire-and-forget; a failing webhook is logged and never blocks a run.
 */
export function createSnipePublisher<Action extends string = WebAction>(
  ctx: AppContext,
  emit: (room: string, message: { action: Action | WebAction; data: unknown }) => void,
  webhook: WebhookNotifier,
  onError: (error: unknown) => void,
) {
  const clubName = (account: Pick<AccountRow, 'username' | 'email'>) => account.username || account.email;

  async function webhookTarget(userId: string): Promise<WebhookTarget | undefined> {
    const row = (
      await ctx.db
        .select({ providers: users.providers, notification: configurations.notification })
        .from(users)
        .leftJoin(configurations, eq(configurations.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1)
    )[0];
    if (!row || row.providers.discordWebhookUrl === '') return undefined;
    const notification = notificationConfigSchema.partial().safeParse(row.notification ?? {});
    const switches = notification.success ? notification.data : {};
    return {
      url: row.providers.discordWebhookUrl,
      isStartStopEnabled: switches.isStartStopEnabled ?? true,
      isSnipesEnabled: switches.isSnipesEnabled ?? true,
    };
  }

  function webhookPost(userId: string, kind: WebhookKind, message: ServerLogMessage) {
    webhookTarget(userId).then(
      (target) => webhook.post(target, kind, message),
      (error: unknown) => onError(error),
    );
  }

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
     * snipe notices, breaks follow start/stop notices); the list keeps every one.
     */
    notify(userId: string, type: NotificationKind, message: string, topic: NoticeTopic = 'run') {
      notificationRepo.insert(ctx.db, { userId, type: typeOfKind(type), message, createdAt: ctx.now() }).then(
        (row) => {
          if (row)
            emit(userRoom(userId), {
              action: 'notification',
              data: { ...presentNotification(row), topic },
            });
        },
        (error: unknown) => onError(error),
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
