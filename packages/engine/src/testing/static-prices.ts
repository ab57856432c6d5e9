import type { Platform, Rarity } from '@tradedesk/domain';
import type { PricePort, PriceQuote, PriceTable } from '../ports.js';

/** A fixed price database for tests: quotes by definition id, per rarity, and per fodder rating. */
export class StaticPrices implements PricePort {
  readonly rarityRequests: { rarity: Rarity; platform: Platform; maxPages: number }[] = [];

  constructor(
    private readonly tables: Partial<Record<Rarity, PriceTable>> = {},
    private readonly fodder: ReadonlyMap<number, PriceQuote> = new Map(),
  ) {}

  async playerPrice(query: { definitionId: number; rarity: Rarity }): Promise<PriceQuote | undefined> {
    for (const table of Object.values(this.tables)) {
      const quote = table?.get(query.definitionId);
      if (quote !== undefined) return quote;
    }
    return undefined;
  }

  async rarityPrices(query: {
    rarity: Exclude<Rarity, 'any'>;
    platform: Platform;
    maxPages: number;
  }): Promise<PriceTable> {
    this.rarityRequests.push(query);
    return this.tables[query.rarity] ?? new Map();
  }

  async fodderPrice(query: { rating: number }): Promise<PriceQuote | undefined> {
    return this.fodder.get(query.rating);
  }
}

/** A futbin quote observed at `observedAt`. */
export function quote(price: number, observedAt: number, playerName?: string): PriceQuote {
  return { price, source: 'futbin', observedAt, ...(playerName === undefined ? {} : { playerName }) };
}
