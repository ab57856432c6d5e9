import { notificationConfigSchema, type ServerLogMessage } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import type { LiveEvents } from '../../lib/live-events.js';
import { notificationRepo, type NotificationRow } from '../notification/repo.js';
import { userRepo } from '../user/repo.js';
import {
  attemptResultOf,
  createDeliveryQueues,
  retryAfterMs,
  type AttemptResult,
  type DeliveryPolicy,
} from './delivery.js';
import { logContentBody, telegramText, webhookBody } from './embeds.js';
import { BlockedAddressError, createSafeFetch, type SafeFetchOptions } from './safe-fetch.js';

/** Run results (snipes and transfers) follow the Snipes switch, notices the Start/Stop one; DEBUG logs always go. */
export type ChatKind = 'snipe' | 'transfer' | 'start-stop' | 'log';

export type ChatProvider = 'webhook' | 'telegram';

export interface ChatOptions extends Omit<SafeFetchOptions, 'allowLoopback'> {
  policy?: Partial<DeliveryPolicy>;
  /** Telegram, the second provider: used for users with a `telegramId` when a bot token is set. */
  telegram?: { botToken?: string | undefined; apiUrl?: string | undefined };
  /** Replaceable wait between retries (tests). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Told of each message given up after every retry (the metrics count them). */
  onGiveUp?: (provider: ChatProvider) => void;
}

/** The one notice a user gets while a provider keeps failing (ours). */
export function chatFailingNotice(provider: ChatProvider, reason: string): string {
  return provider === 'webhook'
    ? `Your chat webhook is failing (${reason}): chat messages are not being delivered. Your runs go on; check the Webhook URL in General Configuration.`
    : `Telegram messages are failing (${reason}): they are not being delivered. Your runs go on; check the Telegram chat id in General Configuration.`;
}

/**
 * The key of the failing notice of one provider: the user has at most one unread notice per key
 * (the database's unique index), however many server nodes see the provider fail.
 */
export const chatFailingKey = (provider: ChatProvider) => `chat-failing:${provider}`;

declare module '../../lib/live-events.js' {
  interface LiveEventMap {
    /** A chat-failing notice was kept for the user: their open pages show it as well. */
    chatNoticeKept: [userId: string, notification: NotificationRow];
  }
}

interface Targets {
  webhookUrl: string;
  telegramId: string;
  isStartStopEnabled: boolean;
  isSnipesEnabled: boolean;
}

/**
 * The chat webhook service: renders a run's messages for the user's providers (a Discord-style
 * webhook, Telegram) and hands them to per-user delivery queues, so a slow or failing chat never
 * slows or stops a run. While a provider keeps failing the user has one unread notice saying so
 * (the database keeps it to one across server nodes); a
 * delivery that succeeds again marks it read and re-arms it.
 */
export function createChatNotifier(
  ctx: AppContext,
  options: ChatOptions,
  onError: (error: unknown) => void,
  liveEvents: LiveEvents,
) {
  const safeFetch = createSafeFetch({ ...options, allowLoopback: ctx.gameMode === 'sandbox' });
  const timeoutMs = options.timeoutMs ?? 5_000;
  const telegramToken = options.telegram?.botToken ?? '';
  const telegramApi = (options.telegram?.apiUrl ?? 'https://api.telegram.org').replace(/\/+$/, '');
  /** Keeps the notice (at most one unread per key: none is raised while one stands) and announces it. */
  async function keepNotice(userId: string, message: string, noticeKey: string) {
    const kept = await notificationRepo.insert(ctx.db, {
      userId,
      type: 'ERROR',
      message,
      noticeKey,
      createdAt: ctx.now(),
    });
    if (kept) liveEvents.emit('chatNoticeKept', userId, kept);
  }
  /**
   * Per queue (user and provider) that this node saw failing: the target that failed. The notice
   * itself is the database's (one unread per user and provider), so two nodes never raise two.
   */
  const failing = new Map<string, string>();
  const currentTarget = new Map<string, string>();
  const keyOf = (userId: string, provider: ChatProvider) => `${provider}:${userId}`;
  /**
   * Work `drain` must outlast besides the queues: posts still reading their user's targets (not
   * queued yet) and notice writes, so it ends only once every message went out and the user could
   * see what came of it.
   */
  const inFlight = new Set<Promise<unknown>>();
  function track(work: Promise<unknown>) {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }
  /** The last notice write per queue: writes go one after another, so a clear never overtakes its raise. */
  const lastNoticeWrite = new Map<string, Promise<void>>();
  function writeNotice(key: string, write: () => Promise<unknown>) {
    const next = (lastNoticeWrite.get(key) ?? Promise.resolve()).then(write).then(() => undefined, onError);
    lastNoticeWrite.set(key, next);
    track(next);
    void next.finally(() => {
      if (lastNoticeWrite.get(key) === next) lastNoticeWrite.delete(key);
    });
  }

  const queues = createDeliveryQueues({
    ...(options.policy === undefined ? {} : { policy: options.policy }),
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
    onOutcome(key, outcome) {
      const [provider, userId] = key.split(':') as [ChatProvider, string];
      if (!outcome.delivered) options.onGiveUp?.(provider);
      const noticeKey = chatFailingKey(provider);
      const target = currentTarget.get(key) ?? '';
      const known = failing.get(key);
      if (outcome.delivered) {
        if (known === undefined) return;
        failing.delete(key);
        writeNotice(key, () => notificationRepo.markKeyRead(ctx.db, userId, noticeKey));
        return;
      }
      if (known === target) return;
      failing.set(key, target);
      // Another target failing (the user changed it) is news: its notice replaces the old one.
      writeNotice(key, async () => {
        if (known !== undefined) await notificationRepo.markKeyRead(ctx.db, userId, noticeKey);
        await keepNotice(userId, chatFailingNotice(provider, outcome.reason), noticeKey);
      });
    },
  });

  async function send(call: () => Promise<Response>): Promise<AttemptResult> {
    let response: Response;
    try {
      response = await call();
    } catch (error) {
      if (error instanceof BlockedAddressError) return { ok: false, retryable: false, reason: error.message };
      throw error;
    }
    const retryAfter = retryAfterMs(response.headers.get('retry-after'), ctx.now());
    await response.body?.cancel();
    return attemptResultOf(response.status, retryAfter);
  }

  function enqueue(userId: string, provider: ChatProvider, target: string, call: () => Promise<Response>) {
    const key = keyOf(userId, provider);
    currentTarget.set(key, target);
    queues.enqueue(key, () => send(call));
  }

  async function targetsOf(userId: string): Promise<Targets | undefined> {
    const row = await userRepo.chatSettingsOf(ctx.db, userId);
    if (!row) return undefined;
    const notification = notificationConfigSchema.partial().safeParse(row.notification ?? {});
    const switches = notification.success ? notification.data : {};
    return {
      webhookUrl: row.providers.discordWebhookUrl,
      telegramId: telegramToken === '' ? '' : row.providers.telegramId,
      isStartStopEnabled: switches.isStartStopEnabled ?? true,
      isSnipesEnabled: switches.isSnipesEnabled ?? true,
    };
  }

  function dispatch(userId: string, targets: Targets, kind: ChatKind, message: ServerLogMessage): boolean {
    if (kind === 'start-stop' && !targets.isStartStopEnabled) return false;
    if ((kind === 'snipe' || kind === 'transfer') && !targets.isSnipesEnabled) return false;
    let queued = false;
    if (targets.webhookUrl !== '') {
      const url = targets.webhookUrl;
      // DEBUG log lines go as the logger's plain `content`; everything else as a coloured embed.
      const body = kind === 'log' ? logContentBody(message) : webhookBody(message, ctx.now());
      enqueue(userId, 'webhook', url, () =>
        safeFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      queued = true;
    }
    if (targets.telegramId !== '') {
      const chatId = targets.telegramId;
      enqueue(userId, 'telegram', chatId, () =>
        fetch(`${telegramApi}/bot${telegramToken}/sendMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ chat_id: chatId, text: telegramText(message) }),
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
      queued = true;
    }
    return queued;
  }

  return {
    /** Queues a message for the user's providers; never waits for delivery, never throws. */
    post(userId: string, kind: ChatKind, message: ServerLogMessage): void {
      track(
        targetsOf(userId).then((targets) => {
          if (targets) dispatch(userId, targets, kind, message);
        }, onError),
      );
    },
    /** As `post`, but answers whether anything was queued (the HTTP routes say so). */
    async queue(userId: string, kind: ChatKind, message: ServerLogMessage): Promise<boolean> {
      const targets = await targetsOf(userId);
      return targets ? dispatch(userId, targets, kind, message) : false;
    },
    pending: (userId: string, provider: ChatProvider) => queues.pending(keyOf(userId, provider)),
    /**
     * Waits for every posted message and the notices their outcomes raise or clear (tests,
     * shutdown). A post can queue a message and an outcome can start a write after a round of
     * waiting began, so it waits until a round finds nothing left.
     */
    async drain() {
      while (inFlight.size > 0 || !queues.isIdle()) {
        await Promise.all([...inFlight]);
        await queues.drain();
      }
    },
    /** Shutdown: no more waiting between retries. */
    close: queues.close,
  };
}

export type ChatNotifier = ReturnType<typeof createChatNotifier>;
