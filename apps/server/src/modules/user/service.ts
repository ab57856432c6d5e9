import type { Shortcuts } from '@tradedesk/domain';
import type { AppContext } from '../../lib/app-context.js';
import { badRequest } from '../../lib/errors.js';
import type { UserRow } from '../auth/repo.js';
import { userRepo } from './repo.js';

export const webhookUrlMessage = 'Webhook URL must be an https:// address';

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
      // The body's schema (the domain's, as the settings form checks it) has read the chat id.
      const telegramId = update.telegramId ?? user.providers.telegramId;
      if (discordWebhookUrl !== '' && !isAllowedWebhookUrl(discordWebhookUrl, ctx.gameMode)) {
        throw badRequest(webhookUrlMessage, 'invalid_webhook_url');
      }
      const providers = { ...user.providers, discordWebhookUrl, telegramId };
      return (await userRepo.setProviders(ctx.db, user.id, providers, ctx.now())) ?? user;
    },

    async updateShortcuts(user: UserRow, shortcuts: Shortcuts) {
      return (await userRepo.setShortcuts(ctx.db, user.id, shortcuts, ctx.now())) ?? user;
    },
  };
}
