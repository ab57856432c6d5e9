import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { runs } from '../../db/schema.js';

export interface RunCount {
  kind: string;
  status: string;
  total: number;
}

/** Runs by kind and status, cluster-wide (the runs table); pairs with no run are not returned. */
export async function runCounts(db: Db): Promise<RunCount[]> {
  return db
    .select({ kind: runs.kind, status: runs.status, total: count() })
    .from(runs)
    .groupBy(runs.kind, runs.status);
}

/** Whether the database answers a trivial query (readiness). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
