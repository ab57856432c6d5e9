import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-core.js';

/**
 * "Rehearse in sandbox" runs, kept per filter version: `filterKey` names the filters as they were
 * (`id@updatedAt`, sorted), so editing a filter leaves its old results behind and shows none until
 * it is rehearsed again. `status`: `running` (with `progress` 0–1), then `done` with `result`
 * or `failed` with `message`. One runs per user at a time.
 */
export const snipeRehearsals = pgTable(
  'snipe_rehearsals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filterKey: text('filter_key').notNull(),
    filterIds: jsonb('filter_ids').$type<string[]>().notNull(),
    spanMinutes: integer('span_minutes').notNull(),
    seed: integer('seed').notNull(),
    status: text('status').notNull().default('running'),
    progress: doublePrecision('progress').notNull().default(0),
    message: text('message').notNull().default(''),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('snipe_rehearsals_user_key_created').on(table.userId, table.filterKey, table.createdAt),
    uniqueIndex('snipe_rehearsals_one_running')
      .on(table.userId)
      .where(sql`status = 'running'`),
  ],
);
