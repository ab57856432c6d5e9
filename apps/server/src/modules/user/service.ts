import type { Shortcuts } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { badRequest } from '../../lib/errors.js';
import type { UserRow } from '../auth/repo.js';
import { userRepo } from './repo.js';

export const webhookUrlMessage = 'Webhook URL must be an https:// address';
export const telegramIdMessage = 'Telegram chat id must be a number or an @channel name';

/** A Telegram chat id: a number (negative for groups) or a public @channel name. */
export const isTelegramChatId = (value: string) =>
  /^-?\d{1,20}$/.test(value) || /^@[A-Za-z][A-Za-z0-9_]{4,31}$/.test(value);

/**
 * Chat webhooks are called by the server, so only public https endpoints are accepted;
 * the sandbox also allows http://127.0.0.1 (a local fake chat service).
 */
export function isAllowedWebhookUrl(value: string, gameMode: AppContext['gameMode']): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return gameMode === 'sandbox' && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

/** Rules about the user record itself. */
export function createUserService(ctx: AppContext) {
  return {
    /** The chat-community id stays read-only (set by linking via the community server); webhook URL and Telegram chat id are the user's. */
    async updateProvider(
      user: UserRow,
      update: { discordWebhookUrl: string; telegramId?: string | undefined },
    ) {
      const { discordWebhookUrl } = update;
      const telegramId = (update.telegramId ?? user.providers.telegramId).trim();
      if (discordWebhookUrl !== '' && !isAllowedWebhookUrl(discordWebhookUrl, ctx.gameMode)) {
        throw badRequest(webhookUrlMessage, 'invalid_webhook_url');
      }
      if (telegramId !== '' && !isTelegramChatId(telegramId))
        throw badRequest(telegramIdMessage, 'invalid_telegram_id');
      const providers = { ...user.providers, discordWebhookUrl, telegramId };
      return (await userRepo.setProviders(ctx.db, user.id, providers, ctx.now())) ?? user;
    },

    async updateShortcuts(user: UserRow, shortcuts: Shortcuts) {
      return (await userRepo.setShortcuts(ctx.db, user.id, shortcuts, ctx.now())) ?? user;
    },
  };
}
