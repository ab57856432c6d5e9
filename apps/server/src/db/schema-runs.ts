import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-core.js';

/**
 * What kind of work a run is (docs/decisions/runs.md). `sync` is a transfer's read of its two
 * accounts before the purchase: it runs on an agent like the others but takes no slot. `delivery`
 * is one transfer of a marketplace order's delivery (its `detail` names the order and the leg).
 */
export const allRunKinds = ['snipe', 'transfer', 'sync', 'sbc', 'rehearsal', 'delivery'] as const;
export type RunKind = (typeof allRunKinds)[number];

/** `running` until it ends once: `ended` by its own outcome, `lost` with its agent. */
export const allRunStatuses = ['running', 'ended', 'lost'] as const;
export type RunStatus = (typeof allRunStatuses)[number];

/**
 * Every run of every kind, one lifecycle: who started it, on which accounts, which agent holds it,
 * when that agent last said it still runs it (its heartbeat; the lost-agent rule reads it) and the
 * number of the last event stored. The kind's own table (snipe_sessions, transfers, sbc_runs,
 * snipe_rehearsals) keeps what the run did; `id` is that row's id (a snipe session's lease id). A
 * delivery's own record is its leg in the market order's `legs`, whose `transferId` is the run's id.
 */
export const runs = pgTable(
  'runs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<RunKind>().notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account the run works on (a transfer's buyer, a delivery's paying listed account); none for a rehearsal. */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** A transfer's second account (its seller; a delivery's receiving buyer account). */
    partnerAccountId: text('partner_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    agentId: text('agent_id'),
    status: text('status').$type<RunStatus>().notNull().default('running'),
    /** What the kind keeps beside the lifecycle (a snipe's filter ids, a delivery's order and leg). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** The last agent event stored (events are numbered from 0 per run); -1 before the first. */
    lastSeq: integer('last_seq').notNull().default(-1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    index('runs_user_running')
      .on(table.userId)
      .where(sql`status = 'running'`),
    index('runs_agent_running')
      .on(table.agentId)
      .where(sql`status = 'running'`),
    index('runs_running_heartbeat')
      .on(table.heartbeatAt)
      .where(sql`status = 'running'`),
    // One running snipe (and one running SBC run) per account, as the leases table held before.
    uniqueIndex('runs_running_account_kind')
      .on(table.accountId, table.kind)
      .where(sql`status = 'running' AND kind IN ('snipe', 'sbc')`),
  ],
);
