import type { Db } from '../../db/client.js';
import { createPriceCollector, type CollectorLog, type PriceCollector } from './collector.js';
import { sandboxFeedProviders } from './providers.js';

export interface PriceCollectionStart {
  /** Base address of the price-site feeds (the sandbox game's, or PRICE_FEED_URL). */
  feedUrl: string;
  intervalMs: number;
  historyDays: number;
}

/**
 * The server's collection job: started once the feed address is known (the sandbox game starts
 * after the server listens) and stopped when the server closes.
 */
export function createPriceJob(
  db: Db,
  now: () => Date,
  onCollected: () => void,
  log?: CollectorLog,
  /** Runs before the first collection (loading the catalogue first keeps the first page quick). */
  beforeFirstRun: () => Promise<void> = () => Promise.resolve(),
) {
  let collector: PriceCollector | undefined;
  let preparing: Promise<void> | undefined;
  return {
    start(options: PriceCollectionStart): void {
      if (collector) throw new Error('Price collection is already running');
      collector = createPriceCollector({
        db,
        providers: sandboxFeedProviders(options.feedUrl),
        intervalMs: options.intervalMs,
        historyDays: options.historyDays,
        now,
        onCollected,
        ...(log ? { log } : {}),
      });
      const starting = collector;
      preparing = beforeFirstRun()
        .catch((error: unknown) =>
          log?.warn({ category: 'prices', err: error }, 'Preparing price collection failed'),
        )
        .then(() => {
          if (collector === starting) starting.start();
        });
      log?.info(
        { category: 'prices' },
        `Collecting prices from ${options.feedUrl} every ${options.intervalMs} ms`,
      );
    },
    async stop(): Promise<void> {
      const stopping = collector;
      collector = undefined;
      await preparing;
      await stopping?.stop();
    },
  };
}
export type PriceJob = ReturnType<typeof createPriceJob>;
