import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Platform } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import {
  accounts,
  runs,
  sbcChallenges,
  sbcRuns,
  sbcSolutions,
  type SbcRunStepRecord,
} from '../../db/schema.js';
import { runsRepo } from '../../runs/runs-repo.js';

export type SbcChallengeRow = typeof sbcChallenges.$inferSelect;
export type SbcSolutionRow = typeof sbcSolutions.$inferSelect;
export type SbcRunRow = typeof sbcRuns.$inferSelect;
export type SbcRunStatus = 'running' | 'success' | 'stopped' | 'failed';

/** How many lines of a run's progress are kept (as many as the page shows). */
export const MAX_RUN_STEPS = 50;

/** A run's progress with one more line: every line a run gets goes through here (the one cap). */
export const withStep = (steps: SbcRunStepRecord[], step: SbcRunStepRecord): SbcRunStepRecord[] =>
  [...steps, step].slice(-MAX_RUN_STEPS);

/** SBC challenges, their stored solutions and the solver bot's runs. */
export const sbcRepo = {
  /** Every challenge not deleted, in the game's order. */
  liveChallenges: (db: Db) =>
    db
      .select()
      .from(sbcChallenges)
      .where(isNull(sbcChallenges.deletedAt))
      .orderBy(asc(sbcChallenges.position)),

  challenges: (db: Db, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.select().from(sbcChallenges).where(inArray(sbcChallenges.id, ids)),

  /** Inserts or updates the synced challenges (a deleted one stays deleted) and drops those the game no longer has. */
  async upsertChallenges(db: Db, rows: (typeof sbcChallenges.$inferInsert)[]) {
    await db.transaction(async (tx) => {
      for (const row of rows)
        await tx
          .insert(sbcChallenges)
          .values(row)
          .onConflictDoUpdate({
            target: sbcChallenges.id,
            set: {
              parentId: row.parentId ?? null,
              gameChallengeId: row.gameChallengeId ?? null,
              name: row.name,
              imageId: row.imageId,
              rewards: row.rewards ?? [],
              expiresAt: row.expiresAt ?? null,
              formation: row.formation ?? null,
              requirements: row.requirements ?? null,
              position: row.position ?? 0,
              syncedAt: row.syncedAt,
            },
          });
      const ids = rows.map((row) => row.id);
      if (ids.length > 0)
        await tx
          .delete(sbcChallenges)
          .where(and(notInArray(sbcChallenges.id, ids), isNull(sbcChallenges.deletedAt)));
    });
  },

  /** Whether any user has a console (`ps`) account, so console-priced solutions have a reader. */
  async hasConsoleAccount(db: Db): Promise<boolean> {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.platform, 'ps'))
      .limit(1);
    return row !== undefined;
  },

  markDeleted: (db: Db, id: string, at: Date) =>
    db.update(sbcChallenges).set({ deletedAt: at }).where(eq(sbcChallenges.id, id)),

  /** The newest solution of each challenge on one platform's market. */
  async latestSolutions(
    db: Db,
    challengeIds: string[],
    platform: Platform,
  ): Promise<Map<string, SbcSolutionRow>> {
    if (challengeIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(sbcSolutions)
      .where(and(inArray(sbcSolutions.challengeId, challengeIds), eq(sbcSolutions.platform, platform)))
      .orderBy(desc(sbcSolutions.createdAt));
    const latest = new Map<string, SbcSolutionRow>();
    for (const row of rows) if (!latest.has(row.challengeId)) latest.set(row.challengeId, row);
    return latest;
  },

  solution: async (db: Db, id: string) =>
    (await db.select().from(sbcSolutions).where(eq(sbcSolutions.id, id)).limit(1))[0],

  solutions: (db: Db, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.select().from(sbcSolutions).where(inArray(sbcSolutions.id, ids)),

  /** Records (a reason) or clears (null) why `platform`'s market holds no squad for the challenge. */
  setUnsolvable: (db: Db, id: string, platform: Platform, reason: string | null) =>
    db
      .update(sbcChallenges)
      .set({
        unsolvable:
          reason === null
            ? sql`${sbcChallenges.unsolvable} - ${platform}::text`
            : sql`${sbcChallenges.unsolvable} || jsonb_build_object(${platform}::text, ${reason}::text)`,
      })
      .where(eq(sbcChallenges.id, id)),

  /** Stores a new solution and drops the challenge's older ones of its platform (runs keep their own snapshot). */
  async replaceSolution(db: Db, row: typeof sbcSolutions.$inferInsert & { platform: Platform }) {
    await db.transaction(async (tx) => {
      await tx
        .delete(sbcSolutions)
        .where(and(eq(sbcSolutions.challengeId, row.challengeId), eq(sbcSolutions.platform, row.platform)));
      await tx.insert(sbcSolutions).values(row);
    });
  },

  /** Opens a run (and its lifecycle row) unless the account runs one already ('busy'). */
  async openRun(db: Db, row: typeof sbcRuns.$inferInsert, agentId: string) {
    const opened = await runsRepo.start(
      db,
      {
        id: row.id,
        kind: 'sbc',
        userId: row.userId,
        accountId: row.accountId,
        agentId,
        startedAt: row.createdAt,
        heartbeatAt: row.createdAt,
      },
      {
        busy: async (tx) => (await runsRepo.runningOfAccount(tx, 'sbc', row.accountId)) !== undefined,
        record: async (tx) => {
          await tx.insert(sbcRuns).values(row);
        },
      },
    );
    return opened === 'started' ? ('opened' as const) : ('busy' as const);
  },

  run: async (db: Db, id: string) => (await db.select().from(sbcRuns).where(eq(sbcRuns.id, id)).limit(1))[0],

  runningOfAccount: async (db: Db, userId: string, accountId: string) =>
    (
      await db
        .select()
        .from(sbcRuns)
        .where(
          and(eq(sbcRuns.userId, userId), eq(sbcRuns.accountId, accountId), eq(sbcRuns.status, 'running')),
        )
        .limit(1)
    )[0],

  runningOfUser: (db: Db, userId: string) =>
    db
      .select()
      .from(sbcRuns)
      .where(and(eq(sbcRuns.userId, userId), eq(sbcRuns.status, 'running'))),

  /**
   * Records an event's number (a beat of the run), the run's steps and the outcome of a terminal one,
   * while the run is running and the number is new; a terminal event ends the run (`lost` when the
   * lost-agent rule wrote it).
   */
  async recordEvent(
    db: Db,
    id: string,
    seq: number,
    at: Date,
    steps: SbcRunStepRecord[],
    outcome?: { status: SbcRunStatus; costs: number; solved: number; description: string },
    ending: 'ended' | 'lost' = 'ended',
  ) {
    return db.transaction(async (tx) => {
      const [numbered] = await tx
        .update(runs)
        .set({ lastSeq: seq, heartbeatAt: at })
        .where(and(eq(runs.id, id), eq(runs.status, 'running'), sql`${runs.lastSeq} < ${seq}`))
        .returning({ id: runs.id });
      if (!numbered) return false;
      await tx
        .update(sbcRuns)
        .set({ steps, ...(outcome ? { ...outcome, finishedAt: at } : {}) })
        .where(eq(sbcRuns.id, id));
      if (outcome) await runsRepo.end(tx, id, ending, at);
      return true;
    });
  },
};
