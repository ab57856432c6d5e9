import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts per key: 'ip:<address>', 'pair:<sha-256 of name and address>' and
 * 'user:<sha-256 of the name>' hold the count since the last quiet period and, once past the free
 * attempts, until when the key is locked (modules/auth/throttle.ts); 'known:<sha-256 of name and
 * address>' rows mark an address the user signed in from (`last_failure_at` is then the last
 * success). In the database so every server node sees the same count.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
});
