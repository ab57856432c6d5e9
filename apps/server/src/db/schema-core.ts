/** The core tables: users, their sessions, game accounts and the rows every area hangs off them. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const id = () =>
  text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A Trade Desk user. The licence token is stored only as an argon2 hash; its first characters
 * (`tokenPrefix`) are kept in clear so a token alone can find its user without scanning hashes.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull().default(['user']),
    tier: text('tier').notNull().default('none'),
    maxAccounts: integer('max_accounts').notNull().default(1),
    credits: integer('credits').notNull().default(0),
    providers: jsonb('providers')
      .$type<{ discordId: string; discordWebhookUrl: string; telegramId: string }>()
      .notNull()
      .default({ discordId: '', discordWebhookUrl: '', telegramId: '' }),
    shortcuts: jsonb('shortcuts').$type<Record<string, unknown>>().notNull().default({}),
    isDeleted: boolean('is_deleted').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_username_unique').on(table.username),
    index('users_token_prefix').on(table.tokenPrefix),
  ],
);

/** Signed-in browsers. The cookie holds a random id; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    fingerprint: text('fingerprint').notNull(),
    isIFrame: boolean('is_iframe').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user').on(table.userId),
  ],
);

/** One-time sign-in codes (hash only), valid for a few minutes. */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_codes_user').on(table.userId)],
);

/** The user's run configuration, one JSON document per group. */
export const configurations = pgTable('configurations', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  time: jsonb('time').$type<Record<string, unknown>>().notNull(),
  calibration: jsonb('calibration').$type<Record<string, unknown>>().notNull(),
  advanced: jsonb('advanced').$type<Record<string, unknown>>().notNull(),
  notification: jsonb('notification').$type<Record<string, unknown>>().notNull(),
  market: jsonb('market').$type<Record<string, unknown>>().notNull(),
  transfer: jsonb('transfer').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** Saved filters; `body` is the domain filter without id/updatedAt. */
export const filters = pgTable(
  'filters',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    label: text('label').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    shareCode: text('share_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('filters_user_label_unique').on(table.userId, table.label),
    uniqueIndex('filters_share_code_unique').on(table.shareCode),
  ],
);

/** The user's game accounts; password and backup code are AES-256-GCM ciphertexts. */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    backupCodeEncrypted: text('backup_code_encrypted').notNull(),
    platform: text('platform').notNull(),
    isManualLogin: boolean('is_manual_login').notNull().default(false),
    username: text('username').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    coins: integer('coins').notNull().default(0),
    /** When the game's balance was last read (sign-in, sync, Launch Webapp); null: never, so 0 is no balance. */
    coinsReadAt: timestamp('coins_read_at', { withTimezone: true }),
    profits: integer('profits').notNull().default(0),
    status: text('status').notNull().default('inactive'),
    description: text('description').notNull().default(''),
    sessionRequests: integer('session_requests').notNull().default(0),
    sessionSearches: integer('session_searches').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('accounts_user_email_unique').on(table.userId, sql`lower(${table.email})`)],
);

/**
 * The key of a table that keeps one row per game account: the account (the row goes with it) and
 * its owner, by whom every query is scoped. A function, as each table needs builders of its own;
 * a declaration, as the per-feature schema files re-exported below run before this file's body.
 */
export function perAccountKey() {
  return {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  };
}

/** In-app notifications (sign-in codes in the sandbox, run events later). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * Names a standing notice (e.g. `chat-failing:webhook`): the database keeps at most one unread
     * notice per user and key, so server nodes racing to raise the same notice raise it once.
     */
    noticeKey: text('notice_key'),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user').on(table.userId),
    uniqueIndex('notifications_one_unread_per_key')
      .on(table.userId, table.noticeKey)
      .where(sql`notice_key IS NOT NULL AND NOT is_read`),
  ],
);
