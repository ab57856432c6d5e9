import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { DEFAULT_STALE_AFTER_MS } from '../prices/config.js';
import { createPriceJob, type PriceJob } from '../prices/job.js';
import { ensureCatalogue } from './catalogue-sync.js';
import { playerDataRoutes } from './routes.js';
import { createPlayerDataService, type PlayerDataService } from './service.js';

export interface PriceDatabaseOptions {
  db: Db;
  now: () => Date;
  /** Older prices are reported stale (PRICE_STALE_AFTER_MS); default 15 minutes. */
  staleAfterMs?: number | undefined;
  /** How long a cached /market answer lives; default 60 s. */
  marketCacheTtlMs?: number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The player price database, its collection job (started by main once the feed is up) and
     * the age past which its prices are stale.
     */
    priceDatabase: { service: PlayerDataService; collection: PriceJob; staleAfterMs: number };
  }
}

/** Registers /api/player-data and the collection job, which stops when the app closes. */
export async function registerPriceDatabase(
  app: FastifyInstance,
  options: PriceDatabaseOptions,
): Promise<void> {
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const service = createPlayerDataService(options.db, options.now, {
    staleAfterMs,
    marketCacheTtlMs: options.marketCacheTtlMs ?? 60_000,
  });
  const collection = createPriceJob(options.db, options.now, service.invalidateMarket, app.log, () =>
    ensureCatalogue(options.db),
  );
  app.decorate('priceDatabase', { service, collection, staleAfterMs });
  app.addHook('onClose', async () => {
    await collection.stop();
    service.dispose();
  });
  await app.register(playerDataRoutes, { prefix: '/api/player-data', service });
}
