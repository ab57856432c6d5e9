import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, perAccountKey, users } from './schema-core.js';

/** One step the progress card showed, as the server recorded it. */
export interface TransferStepRecord {
  /** The agent event's number (-1 for steps the server wrote itself); a replay finds it. */
  seq: number;
  step: string;
  status: string;
  description?: string;
  at: string;
}

/**
 * One coin transfer: which accounts, the filter it ran with (a snapshot: later edits of the
 * filter do not rewrite history), where it is and how it ended. `status`: `syncing` (only the
 * sync was asked for), `running` (the run was started), then `success` or `failed` once, or
 * `cancelled` (a sync that never became a run). Its agent and heartbeat are its row in `runs`.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerAccountId: text('buyer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sellerAccountId: text('seller_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('syncing'),
    steps: jsonb('steps').$type<TransferStepRecord[]>().notNull().default([]),
    /** The Buy Now price the buyer pays (coins leaving the buyer). */
    coins: integer('coins').notNull(),
    /** What reached the seller after the 5% tax; 0 until success. */
    coinsReceived: integer('coins_received').notNull().default(0),
    description: text('description').notNull().default(''),
    /** Failed because its agent was lost, not by its own outcome: a late success may still land. */
    isLost: boolean('is_lost').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('transfers_user_created').on(table.userId, table.createdAt),
    // One running transfer per account, whichever side it is on (the service also checks the other side).
    uniqueIndex('transfers_running_buyer')
      .on(table.buyerAccountId)
      .where(sql`status = 'running'`),
    uniqueIndex('transfers_running_seller')
      .on(table.sellerAccountId)
      .where(sql`status = 'running'`),
  ],
);

/** The user's saved transfer list (spec 001 §3): one per user. */
export const transferLists = pgTable('transfer_lists', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  id: text('id')
    .notNull()
    .default(sql`gen_random_uuid()::text`),
  players: jsonb('players').$type<Array<{ id: number; listPrice: number; order: number }>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** What the last sync saw of an account (transfer-side account metadata, spec 001 §3). */
export const transferAccountMetadata = pgTable('transfer_account_metadata', {
  ...perAccountKey(),
  username: text('username').notNull().default(''),
  coins: integer('coins').notNull().default(0),
  unassigned: jsonb('unassigned').$type<Array<{ id: number }>>().notNull().default([]),
  tradepile: jsonb('tradepile').$type<Array<{ id: number }>>().notNull().default([]),
  /** A PNG as a data URL, or '' when none was taken. */
  screenshot: text('screenshot').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * "Reset statistics" of an account for one UTC day: figures of that day count only what happened
 * after `resetAt` (history stays; only the view of that day starts again).
 */
export const accountStatisticResets = pgTable(
  'account_statistic_resets',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('account_statistic_resets_unique').on(table.accountId, table.day)],
);
