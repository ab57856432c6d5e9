import { platformValues, type Platform } from '@tradedesk/domain';
import type { Db } from '../../db/client.js';
import type { PriceProviderAdapter } from './providers.js';
import { pruneHistory, storeObservations } from './repo.js';

export interface CollectorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface PriceCollectorOptions {
  db: Db;
  providers: readonly PriceProviderAdapter[];
  intervalMs: number;
  historyDays: number;
  now: () => Date;
  log?: CollectorLog;
  /** Called after each run that stored prices (the market cache listens). */
  onCollected?: () => void;
}

/** One provider and platform's outcome of a run. */
export interface CollectionResult {
  provider: string;
  platform: Platform;
  stored: number;
  error?: string;
}

export interface PriceCollector {
  /** Polls every provider once for both platforms; a failing provider never stops the others. */
  runOnce(): Promise<CollectionResult[]>;
  /** Runs now and then every `intervalMs` until stopped. */
  start(): void;
  /** Cancels the next run; a running one ends after the feed in hand, and this waits for it. */
  stop(): Promise<void>;
}

/** The scheduled job that copies each price site's feed into the price history. */
export function createPriceCollector(options: PriceCollectorOptions): PriceCollector {
  const { db, providers, log } = options;
  // Each feed is read incrementally from the provider's own time of its previous answer.
  const since = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function collect(provider: PriceProviderAdapter, platform: Platform): Promise<CollectionResult> {
    const key = `${provider.name}:${platform}`;
    try {
      const { prices, asOf } = await provider.fetchPrices(platform, since.get(key));
      await storeObservations(
        db,
        prices.map((price) => ({ ...price, platform, source: provider.name })),
      );
      since.set(key, asOf);
      return { provider: provider.name, platform, stored: prices.length };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log?.warn(
        { category: 'prices', provider: provider.name, platform },
        `Price collection failed: ${message}`,
      );
      return { provider: provider.name, platform, stored: 0, error: message };
    }
  }

  async function runOnce(): Promise<CollectionResult[]> {
    const results: CollectionResult[] = [];
    // One feed at a time: the bulk writes are heavy and the machine is small. A stop ends the run
    // between feeds (a first collection is seconds of writes); the feeds left are read in full
    // at the next start, which has no `since` for them.
    for (const provider of providers)
      for (const platform of platformValues) {
        if (stopped) return results;
        results.push(await collect(provider, platform));
      }
    const cutoff = new Date(options.now().getTime() - options.historyDays * 86_400_000);
    await pruneHistory(db, cutoff).catch((error: unknown) =>
      log?.warn({ category: 'prices', err: error }, 'Pruning the price history failed'),
    );
    if (results.some((result) => result.stored > 0)) options.onCollected?.();
    return results;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce()
        .then((results) => {
          const stored = results.reduce((sum, result) => sum + result.stored, 0);
          log?.info({ category: 'prices' }, `Collected ${stored} prices`);
        })
        .finally(() => {
          running = undefined;
          schedule(options.intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    runOnce,
    start: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
