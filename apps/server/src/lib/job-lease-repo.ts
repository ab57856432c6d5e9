import { and, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobLeases } from '../db/schema.js';

/**
 * The lease of one scheduled job across the cluster's nodes (a row of `job_leases`, like the
 * agents' session leases: a holder and a time it lapses). Only the holder runs the job; it renews
 * the lease each time it runs, and another node takes it over once it has lapsed (its holder died).
 */
export function jobLease(db: Db, name: string, holder: string) {
  return {
    /**
     * Takes the lease, or renews it when this node holds it, until `now + ttlMs`. False while
     * another node holds it and it has not lapsed: this node then leaves the job to that one.
     */
    async acquire(now: Date, ttlMs: number): Promise<boolean> {
      const expiresAt = new Date(now.getTime() + ttlMs);
      const taken = await db
        .insert(jobLeases)
        .values({ name, holder, expiresAt })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, expiresAt },
          setWhere: or(eq(jobLeases.holder, holder), lte(jobLeases.expiresAt, now)),
        })
        .returning({ holder: jobLeases.holder });
      return taken.length > 0;
    },

    /** Gives the lease up (a node shutting down), so another node takes the job at its next turn. */
    async release(): Promise<void> {
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}

export type JobLease = ReturnType<typeof jobLease>;
