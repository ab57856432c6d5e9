import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './schema-core.js';

/**
 * Every change of a user's credits, one row per event. `eventKey` names the event that caused
 * it ('transfer:<id>', 'checkout:<event id>', 'admin:<id>' ...) and is unique, so a replayed
 * event finds its row and changes nothing. `users.credits` is the running balance the rows add
 * up to; both move in one transaction.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Credits added (positive) or spent (negative); never 0. */
    delta: integer('delta').notNull(),
    /** What kind of event: see CreditChangeKind. */
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_ledger_event_unique').on(table.eventKey),
    index('credit_ledger_user').on(table.userId, table.createdAt),
  ],
);
