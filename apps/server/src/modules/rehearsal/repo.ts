import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { snipeRehearsals } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { runsRepo } from '../../runs/runs-repo.js';

export type RehearsalRow = typeof snipeRehearsals.$inferSelect;

/** Fails the running rehearsals the conditions pick, with the message the user reads; their runs are lost. */
const failRunning = (
  db: Db,
  conditions: SQL[],
  message: string,
  at: Date,
  ending: 'lost' | 'ended' = 'lost',
) =>
  db.transaction(async (tx) => {
    const failed = await tx
      .update(snipeRehearsals)
      .set({ status: 'failed', message, updatedAt: at, finishedAt: at })
      .where(and(eq(snipeRehearsals.status, 'running'), ...conditions))
      .returning();
    await runsRepo.endMany(
      tx,
      failed.map((row) => row.id),
      ending,
      at,
    );
    return failed;
  });

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

  /** Opens a running rehearsal and its run on `agentId`, or 'busy' when the user already has one running. */
  async open(
    db: Db,
    row: typeof snipeRehearsals.$inferInsert & { id: string },
    agentId: string,
  ): Promise<RehearsalRow | 'busy'> {
    let created: RehearsalRow | undefined;
    try {
      const opened = await runsRepo.start(
        db,
        {
          id: row.id,
          kind: 'rehearsal',
          userId: row.userId,
          agentId,
          startedAt: row.createdAt,
          heartbeatAt: row.createdAt,
        },
        {
          busy: async (tx) => (await runsRepo.runningOfUser(tx, 'rehearsal', row.userId)).length > 0,
          record: async (tx) => {
            [created] = await tx.insert(snipeRehearsals).values(row).returning();
          },
        },
      );
      if (opened !== 'started') return 'busy';
    } catch (error) {
      if (isUniqueViolation(error)) return 'busy';
      throw error;
    }
    if (!created) throw new Error('Rehearsal insert returned no row');
    return created;
  },

  /**
   * Changes a running rehearsal only: a late or replayed event never rewrites a finished one. A
   * change is a beat of its run; one that finishes the rehearsal ends the run.
   */
  updateRunning: (db: Db, id: string, patch: Partial<typeof snipeRehearsals.$inferInsert>, at: Date) =>
    db.transaction(async (tx) => {
      const [updated] = await tx
        .update(snipeRehearsals)
        .set(patch)
        .where(and(eq(snipeRehearsals.id, id), eq(snipeRehearsals.status, 'running')))
        .returning();
      if (!updated) return undefined;
      if (updated.status === 'running') await runsRepo.recordEvent(tx, id, -1, at);
      else await runsRepo.end(tx, id, 'ended', at);
      return updated;
    }),

  /** Ends these rehearsals (the lost-agent rule took their runs) with the lost message. */
  failLost: (db: Db, ids: string[], message: string, at: Date) =>
    ids.length === 0 ? Promise.resolve([]) : failRunning(db, [inArray(snipeRehearsals.id, ids)], message, at),

  /** Fails running rehearsals a leaving agent handed back (their runs end `ended`, not lost). */
  failHandedBack: (db: Db, ids: string[], message: string, at: Date) =>
    ids.length === 0
      ? Promise.resolve([])
      : failRunning(db, [inArray(snipeRehearsals.id, ids)], message, at, 'ended'),
};
