import type { Platform } from '@tradedesk/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Every row of `current_prices`, or those observed since `since`. */
export async function readCurrentPrices(db: Db, since: Date | undefined) {
  const recent = since ? sql`WHERE observed_at >= ${since.toISOString()}::timestamptz` : sql``;
  const result = (await db.execute(
    sql`SELECT definition_id, platform, source, price, observed_at FROM current_prices ${recent}`,
  )) as unknown as {
    rows: {
      definition_id: number;
      platform: Platform;
      source: string;
      price: number;
      observed_at: unknown;
    }[];
  };
  return result.rows.map((row) => ({
    definitionId: row.definition_id,
    platform: row.platform,
    source: row.source,
    price: row.price,
    observedAt: row.observed_at instanceof Date ? row.observed_at : new Date(String(row.observed_at)),
  }));
}
