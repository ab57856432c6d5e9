import { providerConfigSchema } from '@tradedesk/domain';

/** PUT /api/user/provider: the domain provider config; only the webhook URL is applied. */
export const providerUpdateBody = providerConfigSchema;
