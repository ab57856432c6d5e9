import { and, desc, eq, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { snipeRehearsals } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export type RehearsalRow = typeof snipeRehearsals.$inferSelect;

/** Fails the running rehearsals the conditions pick, with the message the user reads. */
const failRunning = (db: Db, conditions: SQL[], message: string, at: Date) =>
  db
    .update(snipeRehearsals)
    .set({ status: 'failed', message, updatedAt: at, finishedAt: at })
    .where(and(eq(snipeRehearsals.status, 'running'), ...conditions))
    .returning();

/** The filters' version: each filter's id and last change, in a stable order. */
export const filterKeyOf = (filters: readonly { id: string; updatedAt: Date }[]) =>
  filters
    .map((filter) => `${filter.id}@${filter.updatedAt.toISOString()}`)
    .sort()
    .join(',');

/** Rehearsal records; every web-facing query is scoped to one user. */
export const rehearsalRepo = {
  byId: async (db: Db, id: string) =>
    (await db.select().from(snipeRehearsals).where(eq(snipeRehearsals.id, id)).limit(1))[0],

  latestOf: async (db: Db, userId: string, filterKey: string) =>
    (
      await db
        .select()
        .from(snipeRehearsals)
        .where(and(eq(snipeRehearsals.userId, userId), eq(snipeRehearsals.filterKey, filterKey)))
        .orderBy(desc(snipeRehearsals.createdAt))
        .limit(1)
    )[0],

  /** Opens a running rehearsal, or 'busy' when the user already has one running. */
  async open(db: Db, row: typeof snipeRehearsals.$inferInsert): Promise<RehearsalRow | 'busy'> {
    try {
      const [created] = await db.insert(snipeRehearsals).values(row).returning();
      if (!created) throw new Error('Rehearsal insert returned no row');
      return created;
    } catch (error) {
      if (isUniqueViolation(error)) return 'busy';
      throw error;
    }
  },

  /** Changes a running rehearsal only: a late or replayed event never rewrites a finished one. */
  updateRunning: async (db: Db, id: string, patch: Partial<typeof snipeRehearsals.$inferInsert>) =>
    (
      await db
        .update(snipeRehearsals)
        .set(patch)
        .where(and(eq(snipeRehearsals.id, id), eq(snipeRehearsals.status, 'running')))
        .returning()
    )[0],

  /** Ends the agent's running rehearsals that reported nothing after `before`: the agent is gone. */
  failOfAgent: (db: Db, agentId: string, before: Date, message: string, at: Date) =>
    failRunning(
      db,
      [eq(snipeRehearsals.agentId, agentId), lte(snipeRehearsals.updatedAt, before)],
      message,
      at,
    ),

  /** Ends the user's rehearsals that reported nothing since `before`: their agent is gone. */
  failSilent: (db: Db, userId: string, before: Date, message: string, at: Date) =>
    failRunning(db, [eq(snipeRehearsals.userId, userId), lt(snipeRehearsals.updatedAt, before)], message, at),
};
