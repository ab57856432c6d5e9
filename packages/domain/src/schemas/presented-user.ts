import { z } from 'zod';
import { dateTimeSchema } from './common.js';
import { configurationSchema } from './configuration.js';
import { filterShapeSchema } from './filters/index.js';

/**
 * The user as the server's answers show it (sign-in and /api/user): a field it does not name, the
 * token hash above all, is never sent. Roles, tier and shortcuts are the stored values, shown rather
 * than refused; the configuration and the filters are the shapes the web parses them with.
 */
export const presentedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  token: z.string(),
  roles: z.array(z.string()),
  tier: z.string(),
  maxAccounts: z.number().int(),
  credits: z.number().int(),
  providers: z.object({ discordId: z.string(), discordWebhookUrl: z.string(), telegramId: z.string() }),
  shortcuts: z.record(z.string(), z.unknown()),
  isDeleted: z.boolean(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  expiresAt: dateTimeSchema.nullable(),
  configuration: configurationSchema.optional(),
  filters: z.array(filterShapeSchema).optional(),
  webIdentity: z
    .object({ isIFrame: z.boolean(), signedInAt: dateTimeSchema, expiresAt: dateTimeSchema })
    .optional(),
});

/** What a presenter hands the answer's schema (date-times as ISO strings). */
export type PresentedUser = z.input<typeof presentedUserSchema>;
