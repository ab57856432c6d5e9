import { z } from 'zod';
import { FILTER_CODE_LENGTH } from '../constants.js';
import { filterTypeSchema } from '../enums/filter.js';
import { platformSchema } from '../enums/platform.js';
import { messages } from '../messages.js';
import { configurationSchema } from './configuration.js';
import { filterSchema } from './filters/index.js';
import { providerConfigSchema } from './user.js';

/** A filter share code: exactly 20 characters. */
export const filterCodeSchema = z.string().trim().length(FILTER_CODE_LENGTH, messages.filterCodeLength);

/** Import Confirm is enabled only for a 20-character code. */
export function isValidFilterCode(code: string): boolean {
  return filterCodeSchema.safeParse(code).success;
}

/** POST /filter/import */
export const filterImportSchema = z.object({ id: filterCodeSchema, type: filterTypeSchema });

/** Login by token: an empty token fails before any call. */
export const tokenLoginSchema = z.object({
  username: z.string().optional(),
  token: z.string().trim().min(1, messages.invalidToken),
  fingerprint: z.string().optional(),
  isIFrame: z.boolean().optional(),
});

/** Socket action snipe-create-browser. */
export const snipeCreateBrowserSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  password: z.string(),
  backupCode: z.string(),
  platform: platformSchema,
  isManualLogin: z.boolean(),
  filters: z.array(filterSchema).min(1, messages.selectAtLeastOneFilter),
  configuration: configurationSchema,
  providers: providerConfigSchema,
  isSwitchFilter: z.boolean().default(false),
});
export type SnipeCreateBrowser = z.infer<typeof snipeCreateBrowserSchema>;

/** Socket action snipe-stop. */
export const snipeStopSchema = z.object({ id: z.string().min(1) });

/** POST /auth/code */
export const authCodeSchema = z.object({
  username: z.string().trim().min(1),
  code: z.string().trim().min(1),
});

/** POST /auth/fingerprint */
export const fingerprintSchema = z.object({
  fingerprint: z.string().min(1),
  isIFrame: z.boolean().optional(),
});

/** POST /auth/forceLogout */
export const forceLogoutSchema = z.object({ token: z.string().trim().min(1, messages.invalidToken) });

/** POST /user/decrypt */
export const decryptRequestSchema = z.object({ token: z.string().min(1) });
