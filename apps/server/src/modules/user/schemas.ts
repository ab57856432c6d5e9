import { providerConfigSchema, telegramChatIdSchema } from '@tradedesk/domain';

/**
 * PUT /api/user/provider: the domain provider config; the webhook URL and the Telegram chat id are
 * applied (the community id is read-only). A body without `telegramId` keeps the stored one.
 */
export const providerUpdateBody = providerConfigSchema.extend({
  telegramId: telegramChatIdSchema.optional(),
});
