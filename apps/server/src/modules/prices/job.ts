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
export function createPriceJob(db: Db, now: () => Date, onCollected: () => void, log?: CollectorLog) {
  let collector: PriceCollector | undefined;
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
      collector.start();
      log?.info(
        { category: 'prices' },
        `Collecting prices from ${options.feedUrl} every ${options.intervalMs} ms`,
      );
    },
    async stop(): Promise<void> {
      await collector?.stop();
      collector = undefined;
    },
  };
}
export type PriceJob = ReturnType<typeof createPriceJob>;
