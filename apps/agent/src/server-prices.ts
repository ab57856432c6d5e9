import { DEFAULT_PRICE_PROVIDER, priceProviderSchema, type PriceProvider } from '@tradedesk/domain';
import { priceAnswerSchema, type PriceRequest, type WirePriceQuote } from '@tradedesk/domain/realtime';
import type { PricePort, PriceQuote, PriceTable } from '@tradedesk/engine';

/** Sends one price request to the server and resolves with its (unvalidated) answer. */
export type PriceRequester = (request: PriceRequest) => Promise<unknown>;

export interface ServerPricesOptions {
  request: PriceRequester;
  /** How long an answer is reused without asking again (all sessions of the agent share it). */
  cacheMs?: number;
  now?: () => number;
}

/** The engine's quote source is a price site; a session's own observation reads as the default site. */
const asProvider = (source: string): PriceProvider => {
  const provider = priceProviderSchema.safeParse(source);
  return provider.success ? provider.data : DEFAULT_PRICE_PROVIDER;
};

const toQuote = (wire: WirePriceQuote): PriceQuote => ({
  price: wire.price,
  source: asProvider(wire.source),
  // The database's observation time, untouched: a cached stale price still reads as stale.
  observedAt: wire.observedAt,
  ...(wire.playerName === undefined ? {} : { playerName: wire.playerName }),
});

/**
 * A PricePort over the server's price database (`price-request` on the agent socket). Answers are
 * cached per question for `cacheMs`, so a listing priced recently never waits on the server; a
 * failed request is not cached.
 */
export function serverPrices(options: ServerPricesOptions): PricePort {
  const cacheMs = options.cacheMs ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; answer: Promise<WirePriceQuote[]> }>();

  function ask(request: PriceRequest): Promise<WirePriceQuote[]> {
    const key = JSON.stringify(request);
    const cached = cache.get(key);
    if (cached && now() - cached.at < cacheMs) return cached.answer;
    const answer = options.request(request).then((raw) => {
      const parsed = priceAnswerSchema.safeParse(raw);
      if (!parsed.success) throw new Error('The server gave no valid price answer');
      if (!parsed.data.ok) throw new Error(parsed.data.message);
      return parsed.data.quotes;
    });
    cache.set(key, { at: now(), answer });
    answer.catch(() => {
      if (cache.get(key)?.answer === answer) cache.delete(key);
    });
    return answer;
  }

  return {
    async playerPrice({ definitionId, platform }) {
      const [quote] = await ask({ kind: 'player', definitionId, platform });
      return quote === undefined ? undefined : toQuote(quote);
    },
    async rarityPrices({ rarity, platform }) {
      const table = new Map<number, PriceQuote>();
      for (const quote of await ask({ kind: 'rarity', rarity, platform }))
        table.set(quote.definitionId, toQuote(quote));
      return table as PriceTable;
    },
    async fodderPrice({ rating, quality, platform }) {
      const [quote] = await ask({ kind: 'fodder', rating, quality, platform });
      return quote === undefined ? undefined : toQuote(quote);
    },
  };
}
