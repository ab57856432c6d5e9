import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { runs, type RunKind, type RunStatus } from '../db/schema.js';
import { licenceSlots } from './slots-repo.js';

export type RunRow = typeof runs.$inferSelect;
export type NewRun = typeof runs.$inferInsert;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const running = eq(runs.status, 'running');

/** The lifecycle every run kind shares: start, beat, event numbers, end, and the queries of the lost rule. */
export const runsRepo = {
  byId: async (db: Db | Tx, id: string) => (await db.select().from(runs).where(eq(runs.id, id)).limit(1))[0],

  /** The account's running run of this kind (a snipe, an SBC run: one at a time per account). */
  runningOfAccount: async (db: Db | Tx, kind: RunKind, accountId: string) =>
    (
      await db
        .select()
        .from(runs)
        .where(and(running, eq(runs.kind, kind), eq(runs.accountId, accountId)))
        .limit(1)
    )[0],

  runningOfUser: (db: Db | Tx, kind: RunKind, userId: string) =>
    db
      .select()
      .from(runs)
      .where(and(running, eq(runs.kind, kind), eq(runs.userId, userId))),

  /** The agent's running runs of every kind whose last beat is no later than `before` (if given). */
  runningOfAgent: (db: Db, agentId: string, before?: Date) =>
    db
      .select()
      .from(runs)
      .where(
        and(
          running,
          eq(runs.agentId, agentId),
          before === undefined ? undefined : lte(runs.heartbeatAt, before),
        ),
      ),

  /**
   * The one start check of every kind: with the user row locked (starts of one user queue), the
   * kind's own "already running" check, then the licence slots over every kind when this kind
   * takes one; then the run and the kind's own record are written in the same transaction.
   */
  async start(
    db: Db,
    run: NewRun,
    checks: {
      /** The user's licence slots, when this kind takes one. */
      maxAccounts?: number;
      /** The kind's own refusal (an account already running this kind), checked first. */
      busy?: (tx: Tx) => Promise<boolean>;
      /** Writes the kind's own row(s) beside the run. */
      record: (tx: Tx) => Promise<void>;
    },
  ): Promise<'started' | 'busy' | 'limit'> {
    return db.transaction(async (tx) => {
      await licenceSlots.lock(tx, run.userId);
      if (checks.busy && (await checks.busy(tx))) return 'busy' as const;
      if (checks.maxAccounts !== undefined && (await licenceSlots.used(tx, run.userId)) >= checks.maxAccounts)
        return 'limit' as const;
      await checks.record(tx);
      await runsRepo.insert(tx, run);
      return 'started' as const;
    });
  },

  /**
   * Writes a run inside the caller's transaction, with no start check: only for a kind that takes
   * no licence slot and whose own record is locked by that transaction (a marketplace delivery's
   * transfer, started with its order row locked).
   */
  insert: (tx: Tx, run: NewRun) =>
    tx
      .insert(runs)
      .values(run)
      .then(() => undefined),

  /**
   * The run that carries an ended one on under a new id and agent (a run moved off a leaving agent),
   * or under none (waiting for one: `runKinds[kind].waitsForAgent`): same kind, owner, account and
   * detail (or `to.detail`), inside the caller's transaction, so the licence slot passes from one to
   * the other without a start check in between.
   */
  successor: (
    tx: Tx,
    ended: RunRow,
    to: { id: string; agentId: string | null; at: Date; detail?: RunRow['detail'] },
  ) =>
    tx.insert(runs).values({
      id: to.id,
      kind: ended.kind,
      userId: ended.userId,
      accountId: ended.accountId,
      agentId: to.agentId,
      detail: to.detail ?? ended.detail,
      startedAt: to.at,
      heartbeatAt: to.at,
    }),

  /**
   * Ends a running run once (`ended` by its outcome, `lost` with its agent); answers the row only
   * to the one caller that ended it, so two nodes ending it at once settle it once.
   */
  end: async (db: Db | Tx, id: string, status: Exclude<RunStatus, 'running'>, at: Date) =>
    (
      await db
        .update(runs)
        .set({ status, endedAt: at })
        .where(and(eq(runs.id, id), running))
        .returning()
    )[0],

  /** Ends the running runs of these ids (a new sync replaces an unstarted one). */
  endMany: (db: Db | Tx, ids: string[], status: Exclude<RunStatus, 'running'>, at: Date) =>
    ids.length === 0
      ? Promise.resolve()
      : db
          .update(runs)
          .set({ status, endedAt: at })
          .where(and(inArray(runs.id, ids), running))
          .then(() => undefined),

  /**
   * An agent says it still runs these (its heartbeat, or its reconnect): their beat is now and they
   * are routed to it (it may have moved). Answers the ids that are still running.
   */
  touch: (db: Db, agentId: string, ids: string[], now: Date) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .update(runs)
          .set({ agentId, heartbeatAt: now })
          .where(and(inArray(runs.id, ids), running))
          .returning({ id: runs.id }),

  /**
   * An event of the run was stored: it is a beat, and its number the last one (numbers only rise:
   * a late, older event leaves it).
   */
  recordEvent: (db: Db | Tx, id: string, seq: number, now: Date) =>
    db
      .update(runs)
      .set({ heartbeatAt: now, lastSeq: sql`greatest(${runs.lastSeq}, ${seq})` })
      .where(eq(runs.id, id))
      .then(() => undefined),

  /** Sets these keys of the run's detail; the others stay. */
  mergeDetail: (db: Db, id: string, detail: Record<string, unknown>) =>
    db
      .update(runs)
      .set({ detail: sql`${runs.detail} || ${JSON.stringify(detail)}::jsonb` })
      .where(eq(runs.id, id)),

  /**
   * The running runs of this kind under no agent, longest waiting first, at most `limit`. A run put
   * back to wait (its start refused) keeps when its wait began in `detail.waitingSince` (epoch ms),
   * so it is not queued behind younger waits.
   */
  waitingForAgent: (db: Db, kind: RunKind, limit: number) =>
    db
      .select()
      .from(runs)
      .where(and(running, eq(runs.kind, kind), isNull(runs.agentId)))
      .orderBy(
        asc(
          sql`coalesce((${runs.detail}->>'waitingSince')::double precision, extract(epoch from ${runs.startedAt}) * 1000)`,
        ),
      )
      .limit(limit),

  /** Running runs of every kind whose last beat is older than `olderThan`. */
  stale: (db: Db, olderThan: Date) =>
    db
      .select()
      .from(runs)
      .where(and(running, lt(runs.heartbeatAt, olderThan))),
};
