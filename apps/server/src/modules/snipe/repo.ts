import { and, desc, eq, inArray, isNull, lt, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { licenceSlots } from '../../runs/slots-repo.js';
import { accounts, snipeLeases, snipeLogEntries, snipeSessions } from '../../db/schema.js';

export type LeaseRow = typeof snipeLeases.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** Leases, sessions and log entries of snipe runs. */
export const snipeRepo = {
  leaseOf: async (db: Db | Tx, accountId: string) =>
    (await db.select().from(snipeLeases).where(eq(snipeLeases.accountId, accountId)).limit(1))[0],

  leasesOfUser: (db: Db, userId: string) =>
    db.select().from(snipeLeases).where(eq(snipeLeases.userId, userId)),

  leasesOfAgent: (db: Db, agentId: string) =>
    db.select().from(snipeLeases).where(eq(snipeLeases.agentId, agentId)),

  /**
   * Records a lease unless the account already runs or the user's licence slots are taken (by runs of
   * any kind: `licenceSlots`).
   */
  async claimLease(db: Db, lease: typeof snipeLeases.$inferInsert, maxAccounts: number) {
    return db.transaction(async (tx) => {
      await licenceSlots.lock(tx, lease.userId);
      if (await snipeRepo.leaseOf(tx, lease.accountId)) return 'running' as const;
      if ((await licenceSlots.used(tx, lease.userId)) >= maxAccounts) return 'limit' as const;
      await tx.insert(snipeLeases).values(lease);
      await tx.insert(snipeSessions).values({
        leaseId: lease.leaseId,
        accountId: lease.accountId,
        startedAt: lease.startedAt,
      });
      return 'claimed' as const;
    });
  },

  /** Removes a lease; answers the removed row only to the one caller that removed it. */
  releaseLease: async (db: Db, accountId: string, leaseId: string) =>
    (
      await db
        .delete(snipeLeases)
        .where(and(eq(snipeLeases.accountId, accountId), eq(snipeLeases.leaseId, leaseId)))
        .returning()
    )[0],

  setFilterIds: (db: Db, accountId: string, filterIds: string[]) =>
    db.update(snipeLeases).set({ filterIds }).where(eq(snipeLeases.accountId, accountId)),

  /** An agent (re)claims its running sessions: heartbeat now, routed to it. */
  touchLeases: (db: Db, agentId: string, leaseIds: string[], now: Date) =>
    leaseIds.length === 0
      ? Promise.resolve([])
      : db
          .update(snipeLeases)
          .set({ agentId, heartbeatAt: now })
          .where(inArray(snipeLeases.leaseId, leaseIds))
          .returning({ leaseId: snipeLeases.leaseId }),

  staleLeases: (db: Db, olderThan: Date) =>
    db.select().from(snipeLeases).where(lt(snipeLeases.heartbeatAt, olderThan)),

  /**
   * The run of a lease with its account's owner and the account's current lease (absent, or
   * another lease, when this one ended): one round trip at the start of every run event.
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
          currentLease: snipeLeases,
        })
        .from(snipeSessions)
        .innerJoin(accounts, eq(accounts.id, snipeSessions.accountId))
        .leftJoin(snipeLeases, eq(snipeLeases.accountId, snipeSessions.accountId))
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
