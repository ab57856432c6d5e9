import { z } from 'zod';
import { DEFAULT_CREDITS, DEFAULT_MAX_ACCOUNTS } from '../constants.js';
import { roleSchema, tierSchema } from './user-enums.js';
import { dateTimeSchema, nonNegativeIntLike, intLike } from './common.js';
import { configurationSchema, defaultConfiguration } from './configuration.js';
import { filterShapeSchema } from './filters/index.js';
import { storableText, TEXT_LIMITS } from './text.js';

/** A key name as KeyboardEvent.key gives it ('a', 'Escape', 'ArrowLeft'): short text. */
export const SHORTCUT_KEY_MAX = 32;
const shortcutKey = () => storableText(SHORTCUT_KEY_MAX);

export const telegramChatIdMessage = 'Telegram chat id must be a number or an @channel name';

/** Whether text is a Telegram chat id: a number (negative for groups) or a public @channel name. */
export const isTelegramChatId = (text: string) =>
  /^-?\d{1,20}$/.test(text) || /^@[A-Za-z][A-Za-z0-9_]{4,31}$/.test(text);

/** The Telegram chat id the settings form and PUT /api/user/provider accept: '' (none) or a chat id. */
export const telegramChatIdSchema = storableText(TEXT_LIMITS.name).pipe(
  z
    .string()
    .trim()
    .refine((text) => text === '' || isTelegramChatId(text), telegramChatIdMessage),
);

/** The label General Configuration shows the chat webhook's address under; its messages name it so. */
export const webhookUrlLabel = 'Webhook URL';

/** Text fields whose storage refusal names them by label (the servers' input guards pass it). */
export const labelledTextFields: Readonly<Record<string, string>> = { discordWebhookUrl: webhookUrlLabel };

/** Chat-notification providers linked to the user. */
export const providerConfigSchema = z.object({
  discordId: storableText(TEXT_LIMITS.name).default(''),
  discordWebhookUrl: z
    .union([z.literal(''), storableText(TEXT_LIMITS.url, webhookUrlLabel).pipe(z.string().trim().url())])
    .default(''),
  telegramId: telegramChatIdSchema.default(''),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** Provider ids default to empty strings. */
export function defaultProviderConfig(): ProviderConfig {
  return { discordId: '', discordWebhookUrl: '', telegramId: '' };
}

/** Keyboard shortcuts of the game's web app (key names as KeyboardEvent.key). */
export const generalShortcutsSchema = z.object({ goTransferMarket: shortcutKey(), goHome: shortcutKey() });
export const marketShortcutsSchema = z.object({
  goBack: shortcutKey(),
  search: shortcutKey(),
  buy: shortcutKey(),
  quickSell: shortcutKey(),
  previousPage: shortcutKey(),
  nextPage: shortcutKey(),
  previousSelection: shortcutKey(),
  nextSelection: shortcutKey(),
  decreaseMinBid: shortcutKey(),
  increaseMinBid: shortcutKey(),
  decreaseMaxBid: shortcutKey(),
  increaseMaxBid: shortcutKey(),
  decreaseMinBuyNow: shortcutKey(),
  increaseMinBuyNow: shortcutKey(),
  decreaseMaxBuyNow: shortcutKey(),
  increaseMaxBuyNow: shortcutKey(),
  resetSearchFilters: shortcutKey(),
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
