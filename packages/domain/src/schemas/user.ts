import { z } from 'zod';
import { DEFAULT_CREDITS, DEFAULT_MAX_ACCOUNTS } from '../constants.js';
import { roleSchema, tierSchema } from '../enums/user.js';
import { dateTimeSchema, nonNegativeIntLike, intLike } from './common.js';
import { configurationSchema, defaultConfiguration } from './configuration.js';
import { filterShapeSchema } from './filters/index.js';

/** Chat-notification providers linked to the user. */
export const providerConfigSchema = z.object({
  discordId: z.string().default(''),
  discordWebhookUrl: z.union([z.literal(''), z.string().trim().url()]).default(''),
  telegramId: z.string().default(''),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** Provider ids default to empty strings. */
export function defaultProviderConfig(): ProviderConfig {
  return { discordId: '', discordWebhookUrl: '', telegramId: '' };
}

/** Keyboard shortcuts of the game's web app (key names as KeyboardEvent.key). */
export const generalShortcutsSchema = z.object({ goTransferMarket: z.string(), goHome: z.string() });
export const marketShortcutsSchema = z.object({
  goBack: z.string(),
  search: z.string(),
  buy: z.string(),
  quickSell: z.string(),
  previousPage: z.string(),
  nextPage: z.string(),
  previousSelection: z.string(),
  nextSelection: z.string(),
  decreaseMinBid: z.string(),
  increaseMinBid: z.string(),
  decreaseMaxBid: z.string(),
  increaseMaxBid: z.string(),
  decreaseMinBuyNow: z.string(),
  increaseMinBuyNow: z.string(),
  decreaseMaxBuyNow: z.string(),
  increaseMaxBuyNow: z.string(),
  resetSearchFilters: z.string(),
});
export const shortcutsSchema = z.object({ general: generalShortcutsSchema, market: marketShortcutsSchema });
export type Shortcuts = z.infer<typeof shortcutsSchema>;

/** Default keys of the game web app's keyboard shortcuts. */
export function defaultShortcuts(): Shortcuts {
  return {
    general: { goTransferMarket: 'a', goHome: 'Escape' },
    market: {
      goBack: 'y',
      search: 's',
      buy: 'b',
      quickSell: 'q',
      previousPage: 'ArrowLeft',
      nextPage: 'ArrowRight',
      previousSelection: 'ArrowUp',
      nextSelection: 'ArrowDown',
      decreaseMinBid: 'u',
      increaseMinBid: 'i',
      decreaseMaxBid: 'o',
      increaseMaxBid: 'p',
      decreaseMinBuyNow: 'h',
      increaseMinBuyNow: 'j',
      decreaseMaxBuyNow: 'k',
      increaseMaxBuyNow: 'l',
      resetSearchFilters: 'r',
    },
  };
}

/** A user of the product. Date-times must carry an offset and become dates. */
export const userSchema = z.object({
  id: z.string().min(1),
  token: z.string(),
  roles: z.array(roleSchema).default(['user']),
  configuration: configurationSchema.default(defaultConfiguration),
  /** Stored filters: shapes only, so a filter saved under older rules never hides the user. */
  filters: z.array(filterShapeSchema).default([]),
  shortcuts: shortcutsSchema.default(defaultShortcuts),
  tier: tierSchema.default('none'),
  maxAccounts: intLike().pipe(z.number().min(1)).default(DEFAULT_MAX_ACCOUNTS),
  credits: nonNegativeIntLike().default(DEFAULT_CREDITS),
  providers: providerConfigSchema.default(defaultProviderConfig),
  updatedAt: dateTimeSchema,
  createdAt: dateTimeSchema,
  /** End of the subscription; null while the user has none. */
  expiresAt: dateTimeSchema.nullable(),
  isDeleted: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

/** Defaults of a new user: role User, tier None, 1 account, 0 credits, not deleted, shortcuts enabled. */
export const newUserDefaults = {
  roles: ['user'],
  tier: 'none',
  maxAccounts: DEFAULT_MAX_ACCOUNTS,
  credits: DEFAULT_CREDITS,
  isDeleted: false,
} as const satisfies Partial<User>;

/** A complete new user (shortcuts are enabled through configuration.advanced.isShortcutsEnabled). */
export function createNewUser(id: string, token: string, now: Date): User {
  return {
    id,
    token,
    roles: [...newUserDefaults.roles],
    configuration: defaultConfiguration(),
    filters: [],
    shortcuts: defaultShortcuts(),
    tier: newUserDefaults.tier,
    maxAccounts: newUserDefaults.maxAccounts,
    credits: newUserDefaults.credits,
    providers: defaultProviderConfig(),
    updatedAt: now,
    createdAt: now,
    expiresAt: null,
    isDeleted: newUserDefaults.isDeleted,
  };
}

/** Whether the user holds the Admin role. */
export function isAdmin(user: { roles: readonly string[] }): boolean {
  return user.roles.includes('admin');
}
