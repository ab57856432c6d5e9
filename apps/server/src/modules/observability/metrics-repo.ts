import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { runs } from '../../db/schema.js';
import { runKinds } from '../../runs/run-kinds.js';

export interface RunCount {
  kind: string;
  status: string;
  total: number;
}

/**
 * Runs by kind and status, cluster-wide (the runs table). Every kind reports `running`, 0 included,
 * so a dashboard sees a kind with nothing running rather than no series.
 */
export async function runCounts(db: Db): Promise<RunCount[]> {
  const rows = await db
    .select({ kind: runs.kind, status: runs.status, total: count() })
    .from(runs)
    .groupBy(runs.kind, runs.status);
  const idle = Object.keys(runKinds)
    .filter((kind) => !rows.some((row) => row.kind === kind && row.status === 'running'))
    .map((kind) => ({ kind, status: 'running', total: 0 }));
  return [...rows, ...idle];
}

/** Whether the database answers a trivial query (readiness). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
