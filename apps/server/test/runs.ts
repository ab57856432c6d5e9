import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { runs } from '../src/db/schema.js';
import { leaseOfRun } from '../src/modules/snipe/repo.js';

/** The account's running snipe as a lease (none when it does not snipe), read from the runs table. */
export const runningSnipes = async (db: Db, accountId: string) =>
  (
    await db
      .select()
      .from(runs)
      .where(and(eq(runs.kind, 'snipe'), eq(runs.status, 'running'), eq(runs.accountId, accountId)))
  ).map(leaseOfRun);

/** A run's lifecycle row (any kind), by its id. */
export const runOf = async (db: Db, id: string) =>
  (await db.select().from(runs).where(eq(runs.id, id)).limit(1))[0];
