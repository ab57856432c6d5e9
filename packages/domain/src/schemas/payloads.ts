import { z } from 'zod';
import { FILTER_CODE_LENGTH } from '../constants.js';
import { filterTypeValues } from '../enums/filter.js';
import { platformSchema } from '../enums/platform.js';
import { messages } from '../messages.js';
import { EMAIL_MAX } from './account.js';
import { configurationSchema } from './configuration.js';
import { filterSchema } from './filters/index.js';
import { providerConfigSchema } from './user.js';
import { idText, storableText, TEXT_LIMITS } from './text.js';

const secretText = () => storableText(TEXT_LIMITS.secret);
/** A browser fingerprint (a hash the web computes). */
const fingerprintText = () => storableText(TEXT_LIMITS.secret);

/** A filter share code: exactly 20 characters. */
export const filterCodeSchema = storableText(TEXT_LIMITS.id).pipe(
  z.string().trim().length(FILTER_CODE_LENGTH, messages.filterCodeLength),
);

/** Import Confirm is enabled only for a 20-character code. */
export function isValidFilterCode(code: string): boolean {
  return filterCodeSchema.safeParse(code).success;
}

/**
 * POST /filter/import: `type` names the list the code imports into, as a filter kind or as the
 * list itself (`snipe`, which the dashboard's Import Snipe Filter sends; any snipe kind imports there).
 */
export const filterImportSchema = z.object({
  id: filterCodeSchema,
  type: z.enum([...filterTypeValues, 'snipe']),
});

/** Login by token: an empty token fails before any call. */
export const tokenLoginSchema = z.object({
  username: storableText(TEXT_LIMITS.name).optional(),
  token: secretText().pipe(z.string().trim().min(1, messages.invalidToken)),
  fingerprint: fingerprintText().optional(),
  isIFrame: z.boolean().optional(),
});

/** Filters one run may take (the web sends the selected ones). */
export const FILTERS_PER_RUN_MAX = 100;

/** Socket action snipe-create-browser. */
export const snipeCreateBrowserSchema = z.object({
  id: idText(),
  email: storableText(EMAIL_MAX),
  password: secretText(),
  backupCode: secretText(),
  platform: platformSchema,
  isManualLogin: z.boolean(),
  filters: z.array(filterSchema).min(1, messages.selectAtLeastOneFilter).max(FILTERS_PER_RUN_MAX),
  configuration: configurationSchema,
  providers: providerConfigSchema,
  isSwitchFilter: z.boolean().default(false),
});
export type SnipeCreateBrowser = z.infer<typeof snipeCreateBrowserSchema>;

/** Accounts one multi-account start may name (far above any licence's account count). */
export const ACCOUNTS_PER_START_MAX = 100;

/**
 * Socket action snipe-create-browsers (ours): several accounts start together with one filter
 * choice and configuration. Accounts of one platform run as a fleet while the configuration's
 * fleet switch is on; otherwise each runs alone, as if started one by one.
 */
export const snipeCreateBrowsersSchema = z.object({
  ids: z
    .array(idText())
    .min(2, messages.selectAtLeastTwoAccounts)
    .max(ACCOUNTS_PER_START_MAX, messages.tooManyAccountsPerStart)
    .refine((ids) => new Set(ids).size === ids.length, messages.accountNamedTwice),
  filters: z.array(filterSchema).min(1, messages.selectAtLeastOneFilter).max(FILTERS_PER_RUN_MAX),
  configuration: configurationSchema,
  providers: providerConfigSchema,
});
export type SnipeCreateBrowsers = z.infer<typeof snipeCreateBrowsersSchema>;

/** Socket action snipe-stop. */
export const snipeStopSchema = z.object({ id: idText() });

/** POST /auth/code */
export const authCodeSchema = z.object({
  username: storableText(TEXT_LIMITS.name).pipe(z.string().trim().min(1)),
  code: secretText().pipe(z.string().trim().min(1)),
});

/** POST /auth/fingerprint */
export const fingerprintSchema = z.object({
  fingerprint: fingerprintText().pipe(z.string().min(1)),
  isIFrame: z.boolean().optional(),
});

/** POST /auth/forceLogout */
export const forceLogoutSchema = z.object({
  token: secretText().pipe(z.string().trim().min(1, messages.invalidToken)),
});

/** POST /user/decrypt */
export const decryptRequestSchema = z.object({ token: secretText().pipe(z.string().min(1)) });
