import type { Platform } from '@tradedesk/domain';
import type { Db } from '../../src/db/client.js';
import type { PriceSource } from '../../src/modules/prices/freshness.js';
import { createPriceCollector } from '../../src/modules/prices/collector.js';
import type { PriceProviderAdapter } from '../../src/modules/prices/providers.js';
import { storeObservations } from '../../src/modules/prices/repo.js';

export const PELE = 237067; // icon, 95
export const VINI_RARE = 238794; // rare, 90
export const ODEGAARD = 222665; // rare, 89

/** Writes price observations straight into the history, as the collection job would. */
export function givenPrices(
  db: Db,
  rows: { id: number; platform?: Platform; source?: PriceSource; price: number; at: Date }[],
) {
  return storeObservations(
    db,
    rows.map((row) => ({
      definitionId: row.id,
      platform: row.platform ?? 'ps',
      source: row.source ?? 'futbin',
      price: row.price,
      observedAt: row.at,
    })),
  );
}

export const minutesBefore = (date: Date, minutes: number) => new Date(date.getTime() - minutes * 60_000);

/** The collection job over `providers`, as the server schedules it (a minute apart, a week of history). */
export function testCollector(db: Db, now: () => Date, providers: readonly PriceProviderAdapter[]) {
  return createPriceCollector({ db, providers, intervalMs: 60_000, historyDays: 7, now });
}
