import type { Platform } from '@tradedesk/domain';
import { z } from 'zod';
import { mapInSlices } from '../../lib/in-slices.js';

export const priceProviderNames = ['futbin', 'futwiz', 'futgg'] as const;
export type PriceProviderName = (typeof priceProviderNames)[number];

/** One card's price as a provider publishes it. */
export interface ProviderPrice {
  definitionId: number;
  price: number;
  observedAt: Date;
}

/**
 * A price site. `fetchPrices` returns the prices refreshed after `since` (all when undefined)
 * and the provider's own time of the answer, the next call's `since`.
 */
export interface PriceProviderAdapter {
  readonly name: PriceProviderName;
  fetchPrices(
    platform: Platform,
    since: number | undefined,
  ): Promise<{ prices: ProviderPrice[]; asOf: number }>;
}

const feedSchema = z.object({
  generatedAt: z.number(),
  // Entries are checked slice by slice below: one parse of a whole feed held the event loop.
  prices: z.array(z.unknown()),
});

const feedEntrySchema = z.object({
  definitionId: z.number().int().positive(),
  price: z.number().int().positive(),
  updatedAt: z.number(),
});

/** A feed's entries as prices, checked and converted a slice per turn of the event loop. */
const pricesOf = (name: PriceProviderName, entries: readonly unknown[]) =>
  mapInSlices(entries, (raw, index): ProviderPrice => {
    const entry = feedEntrySchema.safeParse(raw);
    if (!entry.success) throw new Error(`${name} feed entry ${index} is not a price`);
    return {
      definitionId: entry.data.definitionId,
      price: entry.data.price,
      observedAt: new Date(entry.data.updatedAt),
    };
  });

/** The sandbox game's feed for one site: `GET {base}/feeds/{site}/prices?platform=&since=`. */
export function createFeedProvider(
  name: PriceProviderName,
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): PriceProviderAdapter {
  return {
    name,
    async fetchPrices(platform, since) {
      const url = new URL(`feeds/${name}/prices`, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('platform', platform);
      if (since !== undefined) url.searchParams.set('since', String(since));
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`${name} feed answered ${response.status}`);
      const feed = feedSchema.parse(await response.json());
      return { asOf: feed.generatedAt, prices: await pricesOf(name, feed.prices) };
    },
  };
}

/** The three sandbox sites behind one base address. */
export const sandboxFeedProviders = (baseUrl: string, fetchImpl?: typeof fetch) =>
  priceProviderNames.map((name) => createFeedProvider(name, baseUrl, fetchImpl));
