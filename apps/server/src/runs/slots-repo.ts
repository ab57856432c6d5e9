import { and, count, eq, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sbcRuns, snipeLeases, snipeRehearsals, transfers, users } from '../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The user's licence slots (`maxAccounts`), one rule for every run kind: a sniping account takes one
 * slot and a running transfer takes one (its two accounts together). Every start counts them the same
 * way, inside its own transaction and with the user row locked, so two starts of any kinds cannot both
 * take the last slot.
 */
export const licenceSlots = {
  /** Locks the user row for the rest of the transaction: starts of one user queue here. */
  async lock(tx: Tx, userId: string) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  /** How many slots the user's runs hold now, over every kind. */
  async used(tx: Tx, userId: string): Promise<number> {
    const [sniping] = await tx
      .select({ total: count() })
      .from(snipeLeases)
      .where(eq(snipeLeases.userId, userId));
    const [transferring] = await tx
      .select({ total: count() })
      .from(transfers)
      .where(and(eq(transfers.userId, userId), eq(transfers.status, 'running')));
    return (sniping?.total ?? 0) + (transferring?.total ?? 0);
  },
};

/**
 * An agent's slots (the capacity it announced), one rule for every run kind, as the agent itself counts
 * them: a snipe session, a running transfer, an SBC solver run and a rehearsal each take one (a sync
 * being read takes none, on the agent either).
 */
export const agentSlots = {
  /** How many runs of any kind each of these agents holds; an agent with none is absent. */
  async used(db: Db, agentIds: string[]): Promise<Map<string, number>> {
    const used = new Map<string, number>();
    if (agentIds.length === 0) return used;
    const add = (rows: Array<{ agentId: string | null; running: number }>) => {
      for (const row of rows)
        if (row.agentId !== null) used.set(row.agentId, (used.get(row.agentId) ?? 0) + row.running);
    };
    const heldBy = (agentId: AnyColumn, running?: SQL) => and(inArray(agentId, agentIds), running);
    const [sniping, transferring, solving, rehearsing] = await Promise.all([
      db
        .select({ agentId: snipeLeases.agentId, running: count() })
        .from(snipeLeases)
        .where(heldBy(snipeLeases.agentId))
        .groupBy(snipeLeases.agentId),
      db
        .select({ agentId: transfers.agentId, running: count() })
        .from(transfers)
        .where(heldBy(transfers.agentId, eq(transfers.status, 'running')))
        .groupBy(transfers.agentId),
      db
        .select({ agentId: sbcRuns.agentId, running: count() })
        .from(sbcRuns)
        .where(heldBy(sbcRuns.agentId, eq(sbcRuns.status, 'running')))
        .groupBy(sbcRuns.agentId),
      db
        .select({ agentId: snipeRehearsals.agentId, running: count() })
        .from(snipeRehearsals)
        .where(heldBy(snipeRehearsals.agentId, eq(snipeRehearsals.status, 'running')))
        .groupBy(snipeRehearsals.agentId),
    ]);
    for (const rows of [sniping, transferring, solving, rehearsing]) add(rows);
    return used;
  },
};
