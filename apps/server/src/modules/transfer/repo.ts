import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { runsRepo, type RunRow } from '../../runs/runs-repo.js';
import { transfers, type TransferStepRecord } from '../../db/schema.js';

export type TransferRow = typeof transfers.$inferSelect;
export type TransferStatus = 'syncing' | 'synced' | 'running' | 'success' | 'failed' | 'cancelled';
/** Syncing and running transfers hold a run; the other statuses are outcomes. */
export const isOpen = (status: string) => status === 'syncing' || status === 'running';
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const involves = (accountIds: string[]) =>
  or(inArray(transfers.buyerAccountId, accountIds), inArray(transfers.sellerAccountId, accountIds));

/** Transfer records; every web-facing query is scoped to one user. */
export const transferRepo = {
  byId: async (db: Db | Tx, id: string) =>
    (await db.select().from(transfers).where(eq(transfers.id, id)).limit(1))[0],

  ofUser: async (db: Db, userId: string, id: string) =>
    (
      await db
        .select()
        .from(transfers)
        .where(and(eq(transfers.userId, userId), eq(transfers.id, id)))
        .limit(1)
    )[0],

  /** The user's newest transfer that is syncing or running (what a reconnecting page shows). */
  latestOpenOf: async (db: Db, userId: string) =>
    (
      await db
        .select()
        .from(transfers)
        .where(and(eq(transfers.userId, userId), inArray(transfers.status, ['syncing', 'running'])))
        .orderBy(sql`${transfers.createdAt} desc`)
        .limit(1)
    )[0],

  /**
   * Opens a transfer (status `syncing` or `running`) and its run unless one of its accounts already
   * runs one, or the user's licence slots are taken (a running transfer takes one: `runsRepo.start`,
   * the check every kind shares); an unstarted sync of the same accounts is cancelled (a new sync
   * replaces it).
   */
  async open(db: Db, row: typeof transfers.$inferInsert, agentId: string, maxAccounts: number) {
    const accountIds = [row.buyerAccountId, row.sellerAccountId];
    const isRun = row.status === 'running';
    const opened = await runsRepo.start(
      db,
      {
        id: row.id,
        kind: isRun ? 'transfer' : 'sync',
        userId: row.userId,
        accountId: row.buyerAccountId,
        partnerAccountId: row.sellerAccountId,
        agentId,
        startedAt: row.createdAt,
        heartbeatAt: row.createdAt,
      },
      {
        ...(isRun ? { maxAccounts } : {}),
        busy: async (tx) =>
          (
            await tx
              .select({ id: transfers.id })
              .from(transfers)
              .where(and(eq(transfers.status, 'running'), involves(accountIds)))
              .limit(1)
          ).length > 0,
        record: async (tx) => {
          const replaced = await tx
            .update(transfers)
            .set({ status: 'cancelled', updatedAt: row.updatedAt, finishedAt: row.updatedAt })
            .where(and(eq(transfers.status, 'syncing'), involves(accountIds)))
            .returning({ id: transfers.id });
          await runsRepo.endMany(
            tx,
            replaced.map((sync) => sync.id),
            'ended',
            row.updatedAt,
          );
          await tx.insert(transfers).values(row);
        },
      },
    );
    return opened === 'started' ? ('opened' as const) : opened;
  },

  /**
   * Applies one agent event to its transfer under a row lock: `change` sees the row and answers
   * what to write (or nothing). A step whose `seq` is already recorded is a replay and changes
   * nothing; the answer says so.
   */
  async applyEvent<T>(
    db: Db,
    transferId: string,
    seq: number,
    at: Date,
    change: (
      row: TransferRow,
      run: RunRow | undefined,
      tx: Tx,
    ) => Promise<{ values?: Partial<TransferRow>; result: T }>,
  ): Promise<
    | { kind: 'missing' }
    | { kind: 'replay'; row: TransferRow }
    | { kind: 'applied'; row: TransferRow; result: T }
  > {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(transfers).where(eq(transfers.id, transferId)).for('update');
      if (!row) return { kind: 'missing' as const };
      if (row.steps.some((step) => step.seq === seq)) return { kind: 'replay' as const, row };
      const run = await runsRepo.byId(tx, transferId);
      const { values, result } = await change(row, run, tx);
      if (values === undefined) return { kind: 'applied' as const, row, result };
      // An event is a beat of its run; one that settles the transfer ends the run.
      await runsRepo.recordEvent(tx, transferId, seq, at);
      if (values.status !== undefined && !isOpen(values.status))
        await runsRepo.end(tx, transferId, 'ended', at);
      const [updated] = await tx
        .update(transfers)
        .set(values)
        .where(eq(transfers.id, transferId))
        .returning();
      return { kind: 'applied' as const, row: updated ?? row, result };
    });
  },

  update: async (db: Db | Tx, id: string, values: Partial<TransferRow>) =>
    (await db.update(transfers).set(values).where(eq(transfers.id, id)).returning())[0],
};

/** The step record of one event. */
export function stepRecord(
  seq: number,
  step: string,
  status: string,
  at: Date,
  description?: string,
): TransferStepRecord {
  return { seq, step, status, at: at.toISOString(), ...(description ? { description } : {}) };
}
