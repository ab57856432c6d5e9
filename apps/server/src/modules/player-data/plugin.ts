import { serverModule } from '../../lib/server-module.js';
import { DEFAULT_STALE_AFTER_MS } from '../prices/config.js';
import { createPriceJob, type PriceJob } from '../prices/job.js';
import { ensureCatalogue } from './catalogue-sync.js';
import { playerDataRoutes } from './routes.js';
import { createPlayerDataService, type PlayerDataService } from './service.js';

export interface PriceDatabaseOptions {
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

/** The price database: /api/player-data and the collection job, which stops when the app closes. */
export const playerDataModule = serverModule<PriceDatabaseOptions>(
  'player-data',
  ['app-context'],
  async (app, options) => {
    const { db, now } = app.appContext;
    const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
    const service = createPlayerDataService(db, now, {
      staleAfterMs,
      marketCacheTtlMs: options.marketCacheTtlMs ?? 60_000,
    });
    const collection = createPriceJob(db, now, service.invalidateMarket, app.log, () => ensureCatalogue(db));
    app.decorate('priceDatabase', { service, collection, staleAfterMs });
    app.addHook('onClose', async () => {
      await collection.stop();
      service.dispose();
    });
    await app.register(playerDataRoutes, { prefix: '/api/player-data', service });
  },
);
