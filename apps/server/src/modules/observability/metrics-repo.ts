import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sbcRuns, snipeLeases, snipeRehearsals, transfers } from '../../db/schema.js';

export interface RunCount {
  kind: 'snipe' | 'transfer' | 'sbc' | 'rehearsal';
  status: string;
  total: number;
}

/**
 * Runs by kind and status, cluster-wide. A snipe run is a lease while it runs (its end is an
 * account status, not a run row), so snipe reports `running` only.
 */
export async function runCounts(db: Db): Promise<RunCount[]> {
  const byStatus = (table: typeof transfers | typeof sbcRuns | typeof snipeRehearsals) =>
    db.select({ status: table.status, total: count() }).from(table).groupBy(table.status);
  const [sniping, transferring, solving, rehearsing] = await Promise.all([
    db.select({ total: count() }).from(snipeLeases),
    byStatus(transfers),
    byStatus(sbcRuns),
    byStatus(snipeRehearsals),
  ]);
  return [
    { kind: 'snipe', status: 'running', total: sniping[0]?.total ?? 0 },
    ...transferring.map((row) => ({ kind: 'transfer' as const, ...row })),
    ...solving.map((row) => ({ kind: 'sbc' as const, ...row })),
    ...rehearsing.map((row) => ({ kind: 'rehearsal' as const, ...row })),
  ];
}

/** Whether the database answers a trivial query (readiness). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
