import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-in attempts per key ('user:<sha-256 of the name>' or 'ip:<address>'): the count since the last
 * quiet period and, once past the free attempts, until when the key is locked. In the database
 * so every server node sees the same count.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
});
