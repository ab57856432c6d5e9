import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/**
 * Per table (but the ones named): its row count and the newest row version (`xmin`). Any
 * insert, update or delete moves one of them, so a test can tell whether a request changed
 * anything at all, without reading every row.
 */
export async function databaseFingerprint(db: Db, ignoredTables: readonly string[] = []): Promise<string> {
  const tables = (await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const names = tables.rows.map((row) => row.table_name).filter((name) => !ignoredTables.includes(name));
  const digests = names.map(
    (name) =>
      `SELECT '${name}' AS name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) AS digest FROM "${name}"`,
  );
  const result = (await db.execute(sql.raw(digests.join(' UNION ALL ')))) as unknown as {
    rows: Array<{ name: string; digest: string }>;
  };
  return result.rows.map((row) => `${row.name}:${row.digest}`).join(',');
}
