import type { Platform, SbcSolutionPlayer, SbcSolutionProof } from '@tradedesk/domain';
import type { SbcClubCard } from '@tradedesk/domain/realtime';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, perAccountKey, users } from './schema-core.js';

/** A reward as the page shows it (spec 001 §3). */
export interface SbcRewardRecord {
  type: 'player' | 'pack';
  name?: string;
  description?: string;
  imageId?: string;
}

/** One card of a stored solution: the card the page shows (spec 001 §3 Solution.players). */
export type SbcSolutionPlayerRecord = SbcSolutionPlayer;

/**
 * SBC challenges synced from the game. A set with several challenges is a top-level row whose
 * challenges are its sub-challenges (`parentId`); a set with one challenge is a top-level row that
 * is itself the game challenge (`gameChallengeId`). Ids: `set-{setId}` and `challenge-{challengeId}`.
 * An admin's delete hides the row (`deletedAt`) so the next sync does not bring it back.
 */
export const sbcChallenges = pgTable(
  'sbc_challenges',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    gameChallengeId: integer('game_challenge_id'),
    name: text('name').notNull(),
    imageId: text('image_id').notNull(),
    rewards: jsonb('rewards').$type<SbcRewardRecord[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    formation: text('formation'),
    /** The game's requirement entries `{elgOperation, elgReq}` (decoded by the domain codec). */
    requirements: jsonb('requirements').$type<Record<string, unknown>>(),
    position: integer('position').notNull().default(0),
    /**
     * Per platform market, why the solver proved the market holds no squad (e.g. the challenge
     * asks for untradeable cards): the page says so instead of 'computing' for good.
     */
    unsolvable: jsonb('unsolvable').$type<Partial<Record<Platform, string>>>().notNull().default({}),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('sbc_challenges_parent').on(table.parentId)],
);

/** One line of a solver run's progress as the page shows it. */
export interface SbcRunStepRecord {
  text: string;
  tone: 'info' | 'success' | 'error';
}

/** The solver's cheapest squad for one game challenge on one platform's market, at the prices of its time. */
export const sbcSolutions = pgTable(
  'sbc_solutions',
  {
    id: text('id').primaryKey(),
    challengeId: text('challenge_id')
      .notNull()
      .references(() => sbcChallenges.id, { onDelete: 'cascade' }),
    /** The market it was priced on (`pc` or `ps`, the console market): an account uses its platform's. */
    platform: text('platform').$type<Platform>().notNull().default('pc'),
    cost: integer('cost').notNull(),
    players: jsonb('players').$type<SbcSolutionPlayerRecord[]>().notNull(),
    /** `optimal`, or `bounded` with the lower bound (the solver's proof). */
    proof: jsonb('proof').$type<SbcSolutionProof>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sbc_solutions_challenge_platform').on(table.challengeId, table.platform)],
);

/**
 * One run of the solver bot on one account. `status`: `running`, then `success`, `stopped` or
 * `failed` once; `costs` and `solved` are what the agent reported (statistics count them).
 */
export const sbcRuns = pgTable(
  'sbc_runs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    solutionIds: jsonb('solution_ids').$type<string[]>().notNull(),
    status: text('status').notNull().default('running'),
    costs: integer('costs').notNull().default(0),
    solved: integer('solved').notNull().default(0),
    description: text('description').notNull().default(''),
    /** The run's progress so far, newest last (the page shows it again after a reload). */
    steps: jsonb('steps').$type<SbcRunStepRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('sbc_runs_user').on(table.userId),
    uniqueIndex('sbc_runs_running_account')
      .on(table.accountId)
      .where(sql`status = 'running'`),
  ],
);

/** One player card of an account's club as the last club read found it (stored as reported). */
export type SbcClubCardRecord = SbcClubCard;

/**
 * An account's club as its last read found it (at most SBC_CLUB_MAX_CARDS players, untradeable
 * first), for solutions that use the cards the account owns. `pendingReadId` is the read in flight:
 * the agent's report names it, so a report of an older read (or another node's) changes nothing.
 */
export const sbcClubs = pgTable(
  'sbc_clubs',
  {
    ...perAccountKey(),
    cards: jsonb('cards').$type<SbcClubCardRecord[]>().notNull().default([]),
    /** When the cards were read; null until a read succeeded. */
    readAt: timestamp('read_at', { withTimezone: true }),
    pendingReadId: text('pending_read_id'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sbc_clubs_user').on(table.userId),
    uniqueIndex('sbc_clubs_pending_read').on(table.pendingReadId),
  ],
);
