import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { runs, users } from '../db/schema.js';
import { agentSlotKinds, licenceSlotKinds } from './run-kinds.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The user's licence slots (`maxAccounts`), one rule for every run kind: each running run of a kind
 * that takes a licence slot (`runKinds`) holds one (a transfer's two accounts together hold one).
 * Every start counts them the same way (`runsRepo.start`), inside its own transaction and with the
 * user row locked, so two starts of any kinds cannot both take the last slot.
 */
export const licenceSlots = {
  /**
   * Locks the user row for the rest of the transaction: starts of one user queue here. `FOR NO KEY
   * UPDATE`, the lock PostgreSQL's own UPDATE of the row takes: starts still queue on it, but the
   * foreign-key checks of rows written for the user meanwhile (a notification, a purchase, a sign-in
   * session: `FOR KEY SHARE`) do not wait for the start to commit, as they would behind `FOR UPDATE`.
   */
  async lock(tx: Tx, userId: string) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  },

  /** How many slots the user's runs hold now, over every kind. */
  async used(tx: Tx, userId: string): Promise<number> {
    const [held] = await tx
      .select({ total: count() })
      .from(runs)
      .where(and(eq(runs.userId, userId), eq(runs.status, 'running'), inArray(runs.kind, licenceSlotKinds)));
    return held?.total ?? 0;
  },
};

/**
 * An agent's slots (the capacity it announced), one rule for every run kind, as the agent itself counts
 * them: each running run of a kind that takes an agent slot holds one (a sync being read takes none,
 * on the agent either).
 */
export const agentSlots = {
  /** How many runs of any kind each of these agents holds; an agent with none is absent. */
  async used(db: Db, agentIds: string[]): Promise<Map<string, number>> {
    const used = new Map<string, number>();
    if (agentIds.length === 0) return used;
    const rows = await db
      .select({ agentId: runs.agentId, running: count() })
      .from(runs)
      .where(
        and(inArray(runs.agentId, agentIds), eq(runs.status, 'running'), inArray(runs.kind, agentSlotKinds)),
      )
      .groupBy(runs.agentId);
    for (const row of rows) if (row.agentId !== null) used.set(row.agentId, row.running);
    return used;
  },
};
