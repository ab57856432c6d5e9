import type { AppContext } from '../../lib/app-context.js';
import type { Db } from '../../db/client.js';
import { jobLease } from '../../lib/job-lease-repo.js';
import { notificationRepo } from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How much notification history a user keeps (docs/decisions/notifications.md): the newest 500, none older than
 * 90 days. The web shows 25; the rest is there for a later "show more", not for ever.
 */
export const notificationRetention = {
  keepNewest: 500,
  maxAgeDays: 90,
  /**
   * The sweep runs every 2 s; pruning scans the table, so a node tries at most once an hour, and
   * only the node holding the job's lease prunes: once an hour for the whole cluster.
   */
  everyMs: 60 * 60 * 1000,
} as const;

/** Deletes every user's notifications beyond the retention bound; returns how many went. */
export async function pruneNotifications(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - notificationRetention.maxAgeDays * DAY_MS);
  const old = await notificationRepo.deleteOlderThan(db, cutoff);
  const beyondNewest = await notificationRepo.deleteBeyondNewest(db, notificationRetention.keepNewest);
  return old + beyondNewest;
}

/** The pruning job's lease in `job_leases`: one node of the cluster prunes. */
export const NOTIFICATION_PRUNE_JOB = 'notification-prune';

/**
 * The sweep's pruning step: at this node's first call, then at most once per `everyMs`, it prunes
 * if it takes (or renews) the job's lease for `everyMs`. Another node's lease leaves the turn to
 * that node; a holder that died lets it lapse within the hour.
 */
export function notificationPruner(ctx: AppContext, holder: string) {
  const lease = jobLease(ctx.db, NOTIFICATION_PRUNE_JOB, holder);
  let lastTurnAt: number | undefined;
  return {
    async prune(): Promise<void> {
      const now = ctx.now();
      if (lastTurnAt !== undefined && now.getTime() - lastTurnAt < notificationRetention.everyMs) return;
      lastTurnAt = now.getTime();
      if (await lease.acquire(now, notificationRetention.everyMs)) await pruneNotifications(ctx.db, now);
    },
    /** A node shutting down gives the lease up, so another node prunes at its next turn. */
    release: () => lease.release(),
  };
}
