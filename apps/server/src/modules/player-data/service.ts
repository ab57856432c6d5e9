import {
  MAX_PRICE_DATABASE_PAGES,
  marketPositions,
  PLAYERS_PAGE_SIZE,
  positionMatches,
  priceDatabaseRarityKeys,
  rarityIds,
  type Platform,
  type Position,
  type Rarity,
} from '@tradedesk/domain';
import { foldName } from '@tradedesk/domain/catalogue';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { currentPriceMemory } from '../prices/current-price-memory.js';
import { cardIndex, pricedRow, rarityIdOf } from './card-index.js';
import { ensureCatalogue } from './catalogue-sync.js';
import { marketAnswer, TtlCache, type MarketAnswer } from './market-cache.js';
import { recordOf } from './player-record.js';
import { entryJson, presentEntry, presentPrice, type PresentOptions } from './presenter.js';
import * as repo from './repo.js';

/** One page of the price database is one page of the game's search: 20 cards. */
export const MARKET_PAGE_SIZE = 20;
/** Price statistics look back this far. */
export const STATISTICS_WINDOW_MS = 7 * 86_400_000;
export interface PlayerDataSettings {
  staleAfterMs: number;
  /** How long a cached /market answer is served (it is also dropped when new prices arrive). */
  marketCacheTtlMs: number;
  /** How often the in-memory prices are re-read from the database (other nodes' writes). */
  priceRefreshMs?: number | undefined;
}

export interface PlayerPageQuery {
  name?: string | undefined;
  rating?: number | undefined;
  rarity: Rarity;
  /** The card's preferred position: one code, or a group's (defenders …); any by default. */
  position?: Position | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  platform: Platform;
  page: number;
}

/** The player database: name search, lookups, prices, statistics and the per-rarity market. */
export function createPlayerDataService(db: Db, now: () => Date, settings: PlayerDataSettings) {
  const marketCache = new TtlCache<MarketAnswer>(settings.marketCacheTtlMs, () => now().getTime());
  const options = (): PresentOptions => ({ now: now(), staleAfterMs: settings.staleAfterMs });
  // Searches, lookups and the market read the in-memory index and prices (no database round
  // trip); every price write through this process clears the cached market answers.
  const memory = currentPriceMemory(db);
  const stopListening = memory.onChange(() => marketCache.clear());
  const prices = () => memory.ready(now().getTime(), settings.priceRefreshMs);

  async function searchRows(name: string, rarity: Rarity, limit: number) {
    const folded = foldName(name);
    if (folded === '') return [];
    const current = await prices();
    return cardIndex()
      .searchByName(folded, rarityIdOf(rarity), limit)
      .map((card) => pricedRow(card, current));
  }

  async function cardRow(id: number, rarity: Rarity) {
    const card = cardIndex().card(id, rarity);
    if (!card) throw notFound('Player not found', 'player_not_found');
    return pricedRow(card, await prices());
  }

  return {
    /**
     * `{"data": entries}` as JSON text: the entries whose name or a name word starts with `name`
     * (accent- and case-insensitive), exact names first, then best rating.
     */
    async searchAnswer(name: string, rarity: Rarity, limit: number): Promise<string> {
      const at = options();
      const entries = (await searchRows(name, rarity, limit)).map((row) => entryJson(row, at));
      return `{"data":[${entries.join(',')}]}`;
    },

    /** The entry plus the card's Buy Now range (the transfer tool's player record). */
    async byId(id: number, rarity: Rarity) {
      const at = options();
      const row = await cardRow(id, rarity);
      const { minPrice, maxPrice } = recordOf(row, at.now);
      return { ...presentEntry(row, at), minPrice, maxPrice };
    },

    /** The current price of a card (by id, else the best match of the name) on one platform. */
    async price(query: { id?: number | undefined; name: string; rarity: Rarity; platform: Platform }) {
      const row =
        query.id !== undefined
          ? await cardRow(query.id, query.rarity)
          : (await searchRows(query.name, query.rarity, 1))[0];
      if (!row) throw notFound('Player not found', 'player_not_found');
      return {
        id: row.card.definitionId,
        name: row.card.name,
        rating: row.card.rating,
        platform: query.platform,
        ...presentPrice(query.platform === 'pc' ? row.pc : row.ps, options()),
      };
    },

    /**
     * Current, min, max, average and trend (% change oldest → newest) over the last 7 days, and the
     * hourly average prices the /players price history draws.
     */
    async statistics(definitionId: number, platform: Platform, rarity: Rarity) {
      const row = await cardRow(definitionId, rarity);
      const at = options();
      const week = await repo.priceWeek(
        db,
        definitionId,
        platform,
        new Date(at.now.getTime() - STATISTICS_WINDOW_MS),
      );
      const { first, last } = week;
      return {
        id: definitionId,
        platform,
        current: presentPrice(platform === 'pc' ? row.pc : row.ps, at),
        min: week.min,
        max: week.max,
        average: week.mean === null ? null : Math.round(week.mean),
        trend: first && last !== undefined ? Math.round(((last - first) / first) * 10_000) / 100 : 0,
        observations: week.count,
        history: week.hours.map(({ hour, mean }) => ({ at: hour, price: Math.round(mean) })),
      };
    },

    /**
     * The price database of each rarity, keyed by its price-site key and then by player id,
     * limited to the rarity's maximum pages (any: none). Answers are JSON text, cached on request.
     */
    async market(
      rarities: readonly Rarity[],
      includeMetadata: boolean,
      isCached: boolean,
    ): Promise<MarketAnswer> {
      const key = `${[...rarities].sort().join(',')}|${includeMetadata}`;
      if (isCached) {
        const cached = marketCache.get(key);
        if (cached !== undefined) return cached;
      }
      const current = await prices();
      const at = options();
      // Built as text: {"data":{"gold_rare":{"<id>":entry,…},…}}; a rarity named twice is sent once.
      const groups = new Map<string, string>();
      for (const rarity of rarities) {
        const limit = MAX_PRICE_DATABASE_PAGES[rarity] * MARKET_PAGE_SIZE;
        const cards = limit === 0 ? [] : cardIndex().rarityCards(rarityIds[rarity], limit);
        const entries = cards.map(
          (card) => `"${card.definitionId}":${entryJson(pricedRow(card, current), at, includeMetadata)}`,
        );
        groups.set(JSON.stringify(priceDatabaseRarityKeys[rarity] || rarity), `{${entries.join(',')}}`);
      }
      const data = [...groups].map(([key, entries]) => `${key}:${entries}`).join(',');
      const answer = marketAnswer(`{"data":{${data}}}`);
      marketCache.set(key, answer);
      return answer;
    },

    /** One page of the /players page, 15 players, best rating first. */
    async page(query: PlayerPageQuery) {
      await ensureCatalogue(db);
      const rows = await repo.playerPage(
        db,
        {
          folded: query.name ? foldName(query.name) : undefined,
          rating: query.rating,
          rarityId: rarityIdOf(query.rarity),
          positions:
            query.position === undefined || query.position === 'any'
              ? undefined
              : marketPositions.filter((code) => positionMatches(query.position ?? 'any', code)),
          minPrice: query.minPrice,
          maxPrice: query.maxPrice,
          pricePlatform: query.platform,
        },
        (query.page - 1) * PLAYERS_PAGE_SIZE,
        PLAYERS_PAGE_SIZE + 1,
      );
      const at = options();
      return {
        players: rows.slice(0, PLAYERS_PAGE_SIZE).map((row) => presentEntry(row, at)),
        page: query.page,
        pageSize: PLAYERS_PAGE_SIZE,
        hasNextPage: rows.length > PLAYERS_PAGE_SIZE,
      };
    },

    /**
     * Builds the card index and loads the current prices now, so the first search after a start
     * does not wait for them (about a second for the 18.5k-card catalogue).
     */
    async warmUp(): Promise<void> {
      cardIndex();
      await prices();
    },

    /** New prices arrived: cached market answers are out of date. */
    invalidateMarket: () => marketCache.clear(),

    /** Stops listening to price changes (the app is closing). */
    dispose: () => void stopListening(),
  };
}

export type PlayerDataService = ReturnType<typeof createPlayerDataService>;
