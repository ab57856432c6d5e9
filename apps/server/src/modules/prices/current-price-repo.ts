import type { Platform } from '@tradedesk/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * Rows per statement of a read. The embedded database runs a statement on the server's own
 * thread: the whole table (37,000 rows) in one cost it 0.6–0.7 s of CPU, a stall every full
 * re-read; a page of 1,000 rows costs 20–30 ms, and every page waits for a turn of its own.
 */
const ROWS_PER_PAGE = 1_000;

interface CurrentPriceRow {
  definitionId: number;
  platform: Platform;
  source: string;
  price: number;
  observedAt: Date;
}

/** Every row of `current_prices`, or those observed since `since`, a page per statement. */
export async function readCurrentPrices(db: Db, since: Date | undefined): Promise<CurrentPriceRow[]> {
  const rows: CurrentPriceRow[] = [];
  let after: CurrentPriceRow | undefined;
  for (;;) {
    const page = await readPage(db, since, after);
    rows.push(...page);
    if (page.length < ROWS_PER_PAGE) return rows;
    after = page.at(-1);
  }
}

/** One page in key order (the primary key's), after the row `after`. */
async function readPage(db: Db, since: Date | undefined, after: CurrentPriceRow | undefined) {
  const recent = since ? sql`observed_at >= ${since.toISOString()}::timestamptz` : sql`TRUE`;
  const next = after
    ? sql`(definition_id, platform) > (${after.definitionId}, ${after.platform})`
    : sql`TRUE`;
  const result = (await db.execute(
    sql`SELECT definition_id, platform, source, price, observed_at FROM current_prices
      WHERE ${recent} AND ${next} ORDER BY definition_id, platform LIMIT ${ROWS_PER_PAGE}`,
  )) as unknown as {
    rows: {
      definition_id: number;
      platform: Platform;
      source: string;
      price: number;
      observed_at: unknown;
    }[];
  };
  return result.rows.map((row): CurrentPriceRow => ({
    definitionId: row.definition_id,
    platform: row.platform,
    source: row.source,
    price: row.price,
    observedAt: row.observed_at instanceof Date ? row.observed_at : new Date(String(row.observed_at)),
  }));
}
