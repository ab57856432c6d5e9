import type { Platform } from '@tradedesk/domain';
import type { PriceObservations } from '@tradedesk/domain/realtime';
import type { GamePort } from '@tradedesk/engine';
import type { MarketPage } from '@tradedesk/game-client';

type Observation = PriceObservations['observations'][number];

export interface ObservedPrices {
  /** Notes the cheapest Buy Now per card of one search page (nothing is sent yet). */
  seen(platform: Platform, page: MarketPage): void;
  /** Sends what is pending as one batch now. */
  flush(): void;
  close(): void;
}

/**
 * Collects the lowest Buy Now each card showed in the sessions' own searches and reports them
 * batched (one message per `flushMs`, one entry per card and platform), never per listing and
 * never on the search's hot path.
 */
export function observedPrices(options: {
  report: (batch: PriceObservations) => void;
  flushMs?: number;
  now?: () => number;
}): ObservedPrices {
  const now = options.now ?? Date.now;
  const pending = new Map<string, Observation>();
  let timer: NodeJS.Timeout | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const observations = [...pending.values()];
    pending.clear();
    // The server takes at most 1,000 entries per message.
    for (let start = 0; start < observations.length; start += 1_000)
      options.report({ observations: observations.slice(start, start + 1_000) });
  }

  return {
    seen(platform, page) {
      const observedAt = now();
      for (const auction of page.auctions) {
        const definitionId = auction.itemData.definitionId ?? auction.itemData.resourceId;
        if (definitionId === undefined || !(definitionId > 0) || !(auction.buyNowPrice > 0)) continue;
        const key = `${definitionId}:${platform}`;
        const kept = pending.get(key);
        if (kept === undefined || auction.buyNowPrice < kept.price)
          pending.set(key, { definitionId, platform, price: auction.buyNowPrice, observedAt });
      }
      if (pending.size > 0 && timer === undefined) {
        timer = setTimeout(flush, options.flushMs ?? 2_000);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}

/** The same game port, with every search page also shown to `observed`. */
export function observingGame(game: GamePort, platform: Platform, observed: ObservedPrices): GamePort {
  return {
    ...game,
    async search(search) {
      const page = await game.search(search);
      observed.seen(platform, page);
      return page;
    },
  };
}
