import type { Shortcuts } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import type { UserRow } from '../auth/repo.js';

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
    /** The chat-community id stays read-only: it is set when the user links via the community server. */
    async updateProvider(user: UserRow, discordWebhookUrl: string) {
      if (discordWebhookUrl !== '' && !isAllowedWebhookUrl(discordWebhookUrl, ctx.gameMode)) {
        throw badRequest(webhookUrlMessage, 'invalid_webhook_url');
      }
      const [updated] = await ctx.db
        .update(users)
        .set({ providers: { ...user.providers, discordWebhookUrl }, updatedAt: ctx.now() })
        .where(eq(users.id, user.id))
        .returning();
      return updated ?? user;
    },

    async updateShortcuts(user: UserRow, shortcuts: Shortcuts) {
      const [updated] = await ctx.db
        .update(users)
        .set({ shortcuts, updatedAt: ctx.now() })
        .where(eq(users.id, user.id))
        .returning();
      return updated ?? user;
    },
  };
}
