import { rarityIds, type Platform, type PriceProvider } from '@tradedesk/domain';
import type { PricePort, PriceQuote, PriceTable } from '@tradedesk/engine';
import { z } from 'zod';

const feedSchema = z.object({
  prices: z.array(
    z.object({
      definitionId: z.number().int(),
      rarityId: z.number().int(),
      rating: z.number().int(),
      price: z.number().int().positive(),
      updatedAt: z.number(),
    }),
  ),
});
type FeedPrice = z.infer<typeof feedSchema>['prices'][number];

/** Gold fodder is a common or rare gold card; everything else of that rating is special. */
const isPlainGold = (row: FeedPrice) => row.rarityId === 0 || row.rarityId === 1;

/**
 * A PricePort over a price-site feed (`GET {feedsUrl}/{provider}/prices?platform=`), as the sandbox
 * game publishes them, until the server's price database serves the agent. Whole-platform reads
 * are cached for `cacheMs`.
 */
export function feedPrices(options: {
  feedsUrl: string;
  provider?: PriceProvider;
  cacheMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}): PricePort {
  const provider = options.provider ?? 'futbin';
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 60_000;
  const cache = new Map<Platform, { at: number; rows: Promise<FeedPrice[]> }>();

  async function read(platform: Platform, definitionIds?: number[]): Promise<FeedPrice[]> {
    const url = new URL(`${options.feedsUrl.replace(/\/+$/, '')}/${provider}/prices`);
    url.searchParams.set('platform', platform);
    if (definitionIds) url.searchParams.set('definitionIds', definitionIds.join(','));
    const response = await doFetch(url);
    if (!response.ok) throw new Error(`Price feed answered HTTP ${response.status}`);
    return feedSchema.parse(await response.json()).prices;
  }

  function all(platform: Platform): Promise<FeedPrice[]> {
    const cached = cache.get(platform);
    if (cached && now() - cached.at < cacheMs) return cached.rows;
    const rows = read(platform);
    cache.set(platform, { at: now(), rows });
    rows.catch(() => cache.delete(platform));
    return rows;
  }

  const quote = (row: FeedPrice): PriceQuote => ({
    price: row.price,
    source: provider,
    observedAt: row.updatedAt,
  });

  return {
    async playerPrice({ definitionId, platform }) {
      const row = (await read(platform, [definitionId])).find(
        (candidate) => candidate.definitionId === definitionId,
      );
      return row === undefined ? undefined : quote(row);
    },
    async rarityPrices({ rarity, platform }) {
      const id = rarityIds[rarity];
      const table = new Map<number, PriceQuote>();
      for (const row of await all(platform)) if (row.rarityId === id) table.set(row.definitionId, quote(row));
      return table as PriceTable;
    },
    async fodderPrice({ rating, quality, platform }) {
      let cheapest: FeedPrice | undefined;
      for (const row of await all(platform)) {
        if (row.rating !== rating || isPlainGold(row) !== (quality === 'gold')) continue;
        if (cheapest === undefined || row.price < cheapest.price) cheapest = row;
      }
      return cheapest === undefined ? undefined : quote(cheapest);
    },
  };
}
