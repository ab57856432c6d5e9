import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { licenceSlots } from '../../runs/slots-repo.js';
import { transfers, type TransferStepRecord } from '../../db/schema.js';

export type TransferRow = typeof transfers.$inferSelect;
export type TransferStatus = 'syncing' | 'synced' | 'running' | 'success' | 'failed' | 'cancelled';
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
   * Opens a transfer (status `syncing` or `running`) unless one of its accounts already runs one,
   * or the user's licence slots are taken (by runs of any kind: `licenceSlots`, which locks the user
   * row); an unstarted sync of the same accounts is cancelled (a new sync replaces it).
   */
  async open(db: Db, row: typeof transfers.$inferInsert, maxAccounts: number) {
    return db.transaction(async (tx) => {
      await licenceSlots.lock(tx, row.userId);
      const accountIds = [row.buyerAccountId, row.sellerAccountId];
      const busy = await tx
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(eq(transfers.status, 'running'), involves(accountIds)))
        .limit(1);
      if (busy.length > 0) return 'busy' as const;
      if (row.status === 'running' && (await licenceSlots.used(tx, row.userId)) >= maxAccounts)
        return 'limit' as const;
      await tx
        .update(transfers)
        .set({ status: 'cancelled', updatedAt: row.updatedAt, finishedAt: row.updatedAt })
        .where(and(eq(transfers.status, 'syncing'), involves(accountIds)));
      await tx.insert(transfers).values(row);
      return 'opened' as const;
    });
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
    change: (row: TransferRow, tx: Tx) => Promise<{ values?: Partial<TransferRow>; result: T }>,
  ): Promise<
    | { kind: 'missing' }
    | { kind: 'replay'; row: TransferRow }
    | { kind: 'applied'; row: TransferRow; result: T }
  > {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(transfers).where(eq(transfers.id, transferId)).for('update');
      if (!row) return { kind: 'missing' as const };
      if (row.steps.some((step) => step.seq === seq)) return { kind: 'replay' as const, row };
      const { values, result } = await change(row, tx);
      if (values === undefined) return { kind: 'applied' as const, row, result };
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

  /** Running transfers of one agent (its loss fails them). */
  runningOfAgent: (db: Db, agentId: string) =>
    db
      .select()
      .from(transfers)
      .where(and(eq(transfers.agentId, agentId), inArray(transfers.status, ['syncing', 'running']))),

  /** The agent still works on these open transfers (its heartbeat names them): their beat is now. */
  touch: (db: Db, agentId: string, transferIds: string[], now: Date) =>
    transferIds.length === 0
      ? Promise.resolve()
      : db
          .update(transfers)
          .set({ heartbeatAt: now })
          .where(
            and(
              inArray(transfers.id, transferIds),
              eq(transfers.agentId, agentId),
              inArray(transfers.status, ['syncing', 'running']),
            ),
          )
          .then(() => undefined),

  /** Open transfers whose last beat (or event) is older than `olderThan`. */
  stale: (db: Db, olderThan: Date) =>
    db
      .select()
      .from(transfers)
      .where(and(inArray(transfers.status, ['syncing', 'running']), lt(transfers.heartbeatAt, olderThan))),
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
