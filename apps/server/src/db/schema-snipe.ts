import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-core.js';

/** One snipe run of an account, with its counters (the dashboard's Statistics column). */
export const snipeSessions = pgTable(
  'snipe_sessions',
  {
    leaseId: text('lease_id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    requests: integer('requests').notNull().default(0),
    searches: integer('searches').notNull().default(0),
    /** The run ended because its agent was lost: a purchase it made may not have been reported. */
    agentLost: boolean('agent_lost').notNull().default(false),
    /** A lost run's purchases were looked for in the unassigned pile (by a later run), at this time. */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
  },
  (table) => [index('snipe_sessions_account').on(table.accountId)],
);

/**
 * Log entries of buy attempts (spec 000 §3 log entry plus the report's tax and value). `eventId`
 * makes a purchase the agent re-sends after a lost acknowledgement land once; the purchase key
 * (account, item, price) makes a purchase reported on two paths land once.
 */
export const snipeLogEntries = pgTable(
  'snipe_log_entries',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    eventId: text('event_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('snipe'),
    playerId: integer('player_id').notNull(),
    playerName: text('player_name').notNull(),
    rarity: integer('rarity').notNull(),
    platform: text('platform').notNull(),
    buyPrice: integer('buy_price').notNull(),
    sellPrice: integer('sell_price').notNull(),
    tax: integer('tax').notNull(),
    value: integer('value').notNull(),
    isSuccess: boolean('is_success').notNull(),
    errorCode: integer('error_code'),
    listingTime: integer('listing_time'),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    /** The game's id of the card bought (successful purchases); a purchase found later is matched by it. */
    itemId: bigint('item_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('snipe_log_entries_event_unique').on(table.eventId),
    index('snipe_log_entries_account').on(table.accountId),
    // One row per purchase (the same card at the same price), however many reports name it: the
    // run's own event, a replay, the lost run's reconciliation, handled at once on two nodes.
    uniqueIndex('snipe_log_entries_purchase_unique')
      .on(table.accountId, table.itemId, table.buyPrice)
      .where(sql`is_success AND item_id IS NOT NULL`),
    index('snipe_log_entries_user_created').on(table.userId, table.createdAt),
  ],
);
