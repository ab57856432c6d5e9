import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Leases of the cluster's scheduled jobs: a job named here runs on the node holding its lease
 * until `expiresAt` (renewed by the holder each time it runs), so only one node does it at a time.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
