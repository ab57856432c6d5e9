import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { slicesOf } from '../../lib/in-slices.js';
import type { Platform } from '@tradedesk/domain';
import { currentPriceMemory } from './current-price-memory.js';
import type { PriceSource } from './freshness.js';

export interface PriceObservation {
  definitionId: number;
  platform: Platform;
  source: PriceSource;
  price: number;
  observedAt: Date;
}

/**
 * Appends observations to the history and moves each card's current price forward when the
 * observation is newer. One statement per batch (arrays through unnest; the history insert is a
 * CTE of the current-price upsert, so both land or neither): a batch is what one turn of the event
 * loop handles (building and sending a 20,000-row batch held it for seconds on a loaded node).
 * Not a transaction of two statements: its row locks on `current_prices` would then last until the
 * node's COMMIT came back around its event loop (seconds on a starved node), and every other write
 * of the same cards (each agent reports what its sessions saw every 2 s) waited behind them.
 */
export async function storeObservations(db: Db, observations: readonly PriceObservation[]): Promise<void> {
  for (const batch of slicesOf(observations)) {
    const newest = newestPerCard(batch);
    await db.execute(sql`
      WITH history AS (
        INSERT INTO price_observations (definition_id, platform, source, price, observed_at)
        SELECT * FROM unnest(${sql.param(batch.map((row) => row.definitionId))}::int[],
          ${sql.param(batch.map((row) => row.platform))}::text[],
          ${sql.param(batch.map((row) => row.source))}::text[],
          ${sql.param(batch.map((row) => row.price))}::int[],
          ${sql.param(batch.map((row) => row.observedAt.toISOString()))}::timestamptz[])
        ON CONFLICT DO NOTHING)
      INSERT INTO current_prices (definition_id, platform, source, price, observed_at)
      SELECT * FROM unnest(${sql.param(newest.map((row) => row.definitionId))}::int[],
        ${sql.param(newest.map((row) => row.platform))}::text[],
        ${sql.param(newest.map((row) => row.source))}::text[],
        ${sql.param(newest.map((row) => row.price))}::int[],
        ${sql.param(newest.map((row) => row.observedAt.toISOString()))}::timestamptz[])
      ON CONFLICT (definition_id, platform) DO UPDATE
        SET source = excluded.source, price = excluded.price, observed_at = excluded.observed_at
        WHERE excluded.observed_at > current_prices.observed_at`);
    // Write-through once committed: searches and the market read current prices from memory.
    currentPriceMemory(db).apply(newest);
  }
}

/** One row per card and platform (an upsert may touch a row only once per statement). */
function newestPerCard(batch: readonly PriceObservation[]): PriceObservation[] {
  const newest = new Map<string, PriceObservation>();
  for (const row of batch) {
    const key = `${row.definitionId}:${row.platform}`;
    const kept = newest.get(key);
    if (!kept || row.observedAt > kept.observedAt) newest.set(key, row);
  }
  return [...newest.values()];
}

/** Drops history observed before `before`; current prices stay. */
export async function pruneHistory(db: Db, before: Date): Promise<void> {
  await db.execute(
    sql`DELETE FROM price_observations WHERE observed_at < ${before.toISOString()}::timestamptz`,
  );
}
