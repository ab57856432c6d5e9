import type { Configuration, SnipeFilter } from '@tradedesk/domain';
import { sessionStartSchema, type FleetPart } from '@tradedesk/domain/realtime';
import { and, desc, eq, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts, runs, snipeLogEntries, snipeSessions } from '../../db/schema.js';
import { runsRepo, type RunRow } from '../../runs/runs-repo.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A running snipe as the snipe path reads it: its run in `runs`, under the names the agent protocol uses. */
export interface LeaseRow {
  accountId: string;
  userId: string;
  leaseId: string;
  agentId: string;
  filterIds: string[];
  startedAt: Date;
  heartbeatAt: Date;
}

/** The lease of a running snipe run (a snipe run always has an account and an agent). */
export const leaseOfRun = (run: RunRow): LeaseRow => ({
  accountId: run.accountId ?? '',
  userId: run.userId,
  leaseId: run.id,
  agentId: run.agentId ?? '',
  filterIds: Array.isArray(run.detail['filterIds']) ? (run.detail['filterIds'] as string[]) : [],
  startedAt: run.startedAt,
  heartbeatAt: run.heartbeatAt,
});

/** A run waiting for a free agent (handed back while every other was busy) has none. */
export const isWaitingLease = (lease: LeaseRow) => lease.agentId === '';

/**
 * What a snipe run runs (filters and configuration as started or last switched to), kept with the
 * run so the server can start it again on another agent when its agent leaves.
 */
export interface SnipePlan {
  filters: SnipeFilter[];
  configuration: Configuration;
}

const planSchema = sessionStartSchema.pick({ filters: true, configuration: true });

/** The run's plan, or undefined for a run stored without one (started before plans were kept). */
export function planOfRun(run: RunRow): SnipePlan | undefined {
  const parsed = planSchema.safeParse(run.detail);
  return parsed.success ? (parsed.data as SnipePlan) : undefined;
}

/** The account's running snipe (joined to a session: the account's current lease). */
const runningSnipeOf = (accountId: typeof snipeSessions.accountId) =>
  and(eq(runs.kind, 'snipe'), eq(runs.status, 'running'), eq(runs.accountId, accountId));

/**
 * The account's runs before the one of `leaseId` that were lost with their agent and not yet
 * reconciled. Runs started later are left out: a pile read before they ran says nothing of them.
 */
const unreconciledLostRuns = (accountId: string, leaseId: string, startedAt: Date) =>
  and(
    eq(snipeSessions.accountId, accountId),
    ne(snipeSessions.leaseId, leaseId),
    lte(snipeSessions.startedAt, startedAt),
    eq(snipeSessions.agentLost, true),
    isNull(snipeSessions.reconciledAt),
  );

/** Snipe runs (their lifecycle is `runsRepo`'s), sessions and log entries. */
export const snipeRepo = {
  leaseOf: async (db: Db | Tx, accountId: string) => {
    const run = await runsRepo.runningOfAccount(db, 'snipe', accountId);
    return run ? leaseOfRun(run) : undefined;
  },

  leasesOfUser: async (db: Db, userId: string) =>
    (await runsRepo.runningOfUser(db, 'snipe', userId)).map(leaseOfRun),

  /**
   * Records a run unless the account already runs or the user's licence slots are taken (by runs of
   * any kind: `runsRepo.start`).
   */
  claimLease: (db: Db, lease: LeaseRow, maxAccounts: number, plan: SnipePlan, fleet?: FleetPart) =>
    runsRepo.start(
      db,
      {
        id: lease.leaseId,
        kind: 'snipe',
        userId: lease.userId,
        accountId: lease.accountId,
        agentId: lease.agentId,
        detail: { filterIds: lease.filterIds, ...plan, ...(fleet === undefined ? {} : { fleet }) },
        startedAt: lease.startedAt,
        heartbeatAt: lease.heartbeatAt,
      },
      {
        maxAccounts,
        busy: async (tx) => (await snipeRepo.leaseOf(tx, lease.accountId)) !== undefined,
        record: async (tx) => {
          await tx.insert(snipeSessions).values({
            leaseId: lease.leaseId,
            accountId: lease.accountId,
            startedAt: lease.startedAt,
          });
        },
      },
    ),

  /** Ends a run; answers its lease only to the one caller that ended it. */
  releaseLease: async (db: Db, leaseId: string, status: 'ended' | 'lost', at: Date) => {
    const ended = await runsRepo.end(db, leaseId, status, at);
    return ended ? leaseOfRun(ended) : undefined;
  },

  /** The run switched to this filter: it is what the run shows, and what a moved run starts with. */
  setFilter: (db: Db, leaseId: string, filterIds: string[], filter: SnipeFilter) =>
    runsRepo.mergeDetail(db, leaseId, { filterIds, filters: [filter] }),

  /**
   * Moves a running snipe to another agent, or to none (`agentId` null: it waits for one): the run
   * ends and a new one of the same account, plan and owner starts under `to.leaseId`, in one
   * transaction (the account never has two, and the licence slot passes from one to the other).
   * `to.detail` keys are set on the new run's detail. The old run ends `ended` (handed back), or
   * `lost` with its agent: then its session is marked lost, so the next start reads the unassigned
   * pile for a purchase whose event died with it. Answers the ended run only to the one caller
   * that moved it.
   */
  moveLease: (
    db: Db,
    leaseId: string,
    to: { leaseId: string; agentId: string | null; at: Date; detail?: Record<string, unknown> },
    endAs: 'ended' | 'lost' = 'ended',
  ) =>
    db.transaction(async (tx) => {
      const ended = await runsRepo.end(tx, leaseId, endAs, to.at);
      if (!ended) return undefined;
      await runsRepo.successor(tx, ended, {
        id: to.leaseId,
        agentId: to.agentId,
        at: to.at,
        ...(to.detail === undefined ? {} : { detail: { ...ended.detail, ...to.detail } }),
      });
      await tx
        .update(snipeSessions)
        .set({ endedAt: to.at, ...(endAs === 'lost' ? { agentLost: true } : {}) })
        .where(eq(snipeSessions.leaseId, leaseId));
      await tx
        .insert(snipeSessions)
        .values({ leaseId: to.leaseId, accountId: ended.accountId ?? '', startedAt: to.at });
      return ended;
    }),

  /**
   * The run of a lease with its account's owner and the account's current snipe run (absent, or
   * another run, when this one ended): one round trip at the start of every run event.
   */
  sessionByLease: async (db: Db, leaseId: string) =>
    (
      await db
        .select({
          session: snipeSessions,
          userId: accounts.userId,
          email: accounts.email,
          username: accounts.username,
          platform: accounts.platform,
          currentRun: runs,
        })
        .from(snipeSessions)
        .innerJoin(accounts, eq(accounts.id, snipeSessions.accountId))
        .leftJoin(runs, runningSnipeOf(snipeSessions.accountId))
        .where(eq(snipeSessions.leaseId, leaseId))
        .limit(1)
    )[0],

  /**
   * A run's per-cycle counters: the session's and the account row's copy, in one statement (one
   * round trip before the agent is acknowledged). Answers the account row.
   */
  async recordSessionCounters(
    db: Db,
    leaseId: string,
    accountId: string,
    counters: { requests: number; searches: number; endedAt: Date | undefined },
    now: Date,
  ) {
    const sessionUpdate = db.$with('session_update').as(
      db
        .update(snipeSessions)
        .set({
          requests: counters.requests,
          searches: counters.searches,
          ...(counters.endedAt === undefined ? {} : { endedAt: counters.endedAt }),
        })
        .where(eq(snipeSessions.leaseId, leaseId))
        .returning({ leaseId: snipeSessions.leaseId }),
    );
    return (
      await db
        .with(sessionUpdate)
        .update(accounts)
        .set({ sessionRequests: counters.requests, sessionSearches: counters.searches, updatedAt: now })
        .where(eq(accounts.id, accountId))
        .returning()
    )[0];
  },

  updateSession: (db: Db, leaseId: string, values: Partial<typeof snipeSessions.$inferInsert>) =>
    db.update(snipeSessions).set(values).where(eq(snipeSessions.leaseId, leaseId)),

  /**
   * Stores buy attempts, each unless it is stored already: the same event id (a re-sent event),
   * or the same purchase (account, item, price) reported on another path. Answers the event ids
   * of the rows it stored. No conflict target: either unique index may be the one hit, and both
   * mean "stored already".
   */
  async insertLogEntries(db: Db, rows: (typeof snipeLogEntries.$inferInsert)[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const inserted = await db
      .insert(snipeLogEntries)
      .values(rows)
      .onConflictDoNothing()
      .returning({ eventId: snipeLogEntries.eventId });
    return inserted.map((row) => row.eventId);
  },

  /**
   * The account's newest run before the one of `leaseId` (started before `startedAt`) that was
   * lost with its agent and whose purchases no run has looked for in the unassigned pile yet: the
   * run that `leaseId`'s pile report is recorded as. Not only the run right before: a run in
   * between whose pile read failed ended normally, and would otherwise hide the lost one for good.
   */
  async lostRunToReconcile(db: Db, accountId: string, leaseId: string, startedAt: Date) {
    const [lost] = await db
      .select()
      .from(snipeSessions)
      .where(unreconciledLostRuns(accountId, leaseId, startedAt))
      .orderBy(desc(snipeSessions.startedAt))
      .limit(1);
    return lost;
  },

  /**
   * Marks every such earlier lost run reconciled: the pile `leaseId`'s run read holds whatever any
   * of them left there, and each would otherwise cost a pile read at a later start.
   */
  markLostRunsReconciled: (db: Db, accountId: string, leaseId: string, startedAt: Date, now: Date) =>
    db
      .update(snipeSessions)
      .set({ reconciledAt: now })
      .where(unreconciledLostRuns(accountId, leaseId, startedAt)),

  logEntriesOf: (db: Db, accountId: string) =>
    db.select().from(snipeLogEntries).where(eq(snipeLogEntries.accountId, accountId)),
};
