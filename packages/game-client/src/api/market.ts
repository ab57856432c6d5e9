import { marketPositions } from '@tradedesk/domain';
import { z } from 'zod';
import type { GameClientConfig } from '../config.js';
import type { GameCaller } from '../game-http.js';
import { parseInput } from '../input.js';
import { readSearchAnswerFast } from '../schemas/fast-search-answer.js';
import { emptyAnswerSchema, type AuctionInfo } from '../schemas/items.js';
import {
  bidAnswerSchema,
  priceLimitsAnswerSchema,
  searchAnswerSchema,
  tradeStatusAnswerSchema,
  type PriceLimit,
} from '../schemas/market.js';

const id = z.number().int().positive();
const coins = z.number().int().min(0).max(15_000_000);
const ids = z.array(id).min(1, 'At least one id is required');

/** The exact positions a market search accepts (domain owns the list). */
export const positions = marketPositions;

/** Every filter of GAME-PROTOCOL §2.2, in the caller's words; `page` is 0-based. */
export const marketSearchSchema = z.object({
  type: z
    .enum(['player', 'training', 'development', 'clubInfo', 'staff', 'stadium', 'ball'])
    .default('player'),
  /** Base id: every version of one player. */
  maskedDefId: id.optional(),
  /** One exact card version. */
  definitionId: id.optional(),
  level: z.enum(['bronze', 'silver', 'gold']).optional(),
  /** Special quality (`rare=SP`). */
  special: z.boolean().optional(),
  rarityIds: z.array(z.number().int().nonnegative()).min(1).optional(),
  position: z.enum(positions).optional(),
  zone: z.enum(['defense', 'midfield', 'attacker']).optional(),
  nation: id.optional(),
  league: id.optional(),
  club: id.optional(),
  playStyle: id.optional(),
  /** Consumable category for `training` / `development` searches. */
  category: z.string().min(1).optional(),
  minBid: coins.optional(),
  maxBid: coins.optional(),
  minBuyNow: coins.optional(),
  maxBuyNow: coins.optional(),
  page: z.number().int().min(0).default(0),
  /** Results shown per page; defaults to the configured page size. */
  pageSize: z.number().int().min(1).max(50).optional(),
});
export type MarketSearch = z.input<typeof marketSearchSchema>;

export interface MarketPage {
  /** At most `pageSize` listings, in the game's order. */
  auctions: AuctionInfo[];
  /** The game returned more than a page: there is a next one. */
  hasNextPage: boolean;
  page: number;
  pageSize: number;
}

export interface BidResult {
  auctions: AuctionInfo[];
  /** Coins after the bid, when the game says. */
  credits: number | undefined;
  duplicateItemIds: { itemId: number; duplicateItemId: number }[];
}

/** The wire query of a search: `num` is one more than the page size, `start` steps by the page size. */
export function searchQuery(search: z.output<typeof marketSearchSchema>, pageSize: number) {
  return {
    num: pageSize + 1,
    start: search.page * pageSize,
    type: search.type,
    maskedDefId: search.maskedDefId,
    definitionId: search.definitionId,
    lev: search.level,
    rare: search.special === true ? 'SP' : undefined,
    rarityIds: search.rarityIds?.join(','),
    pos: search.position,
    zone: search.zone,
    nat: search.nation,
    leag: search.league,
    team: search.club,
    playStyle: search.playStyle,
    cat: search.category,
    micr: search.minBid,
    macr: search.maxBid,
    minb: search.minBuyNow,
    maxb: search.maxBuyNow,
  };
}

/** Transfer-market calls: search, bid / Buy Now, trade status, watchlist, price limits. */
/** Built once: a schema made per Buy Now was allocation on the snipe's hot path. */
const bidInputSchema = z.object({ tradeId: id, amount: coins.min(150) });

export function createMarketApi(call: GameCaller, config: GameClientConfig) {
  /** Price limits by item (`itemIdList`) or by definition (`defId`): same answer, other key. */
  const priceLimits = async (
    path: string,
    key: 'itemIdList' | 'defId',
    values: number[],
    label: string,
  ): Promise<PriceLimit[]> => {
    const valid = parseInput(ids, values, label);
    return call({ method: 'GET', path, query: { [key]: valid.join(',') }, schema: priceLimitsAnswerSchema });
  };
  /** PUT `trade/{tradeId}/bid`; bidding the Buy Now price buys at once. */
  const bid = async (tradeId: number, amount: number): Promise<BidResult> => {
    const input = parseInput(bidInputSchema, { tradeId, amount }, 'bid');
    const answer = await call({
      method: 'PUT',
      path: `trade/${input.tradeId}/bid`,
      body: { bid: input.amount },
      schema: bidAnswerSchema,
    });
    return {
      auctions: answer.auctionInfo,
      credits: answer.credits,
      duplicateItemIds: answer.duplicateItemIdList,
    };
  };

  return {
    /** GET `transfermarket`; counted as a search. */
    async search(input: MarketSearch): Promise<MarketPage> {
      const search = parseInput(marketSearchSchema, input, 'market search');
      const pageSize = search.pageSize ?? config.marketPageSize;
      const answer = await call({
        method: 'GET',
        path: 'transfermarket',
        query: searchQuery(search, pageSize),
        schema: searchAnswerSchema,
        fastRead: readSearchAnswerFast,
        isSearch: true,
      });
      return {
        auctions: answer.auctionInfo.slice(0, pageSize),
        hasNextPage: answer.auctionInfo.length > pageSize,
        page: search.page,
        pageSize,
      };
    },

    bid,

    /** Buys a listing at its Buy Now price. */
    buyNow: (auction: Pick<AuctionInfo, 'tradeId' | 'buyNowPrice'>): Promise<BidResult> =>
      bid(auction.tradeId, auction.buyNowPrice),

    /** GET `trade/status/lite` (or the full `trade/status`). */
    async tradeStatus(tradeIds: number[], options: { full?: boolean } = {}) {
      const valid = parseInput(ids, tradeIds, 'trade ids');
      const answer = await call({
        method: 'GET',
        path: options.full === true ? 'trade/status' : 'trade/status/lite',
        query: { tradeIds: valid.join(',') },
        schema: tradeStatusAnswerSchema,
      });
      return { auctions: answer.auctionInfo, credits: answer.credits };
    },

    /** PUT `watchlist`: watch (target) a trade. */
    async watch(tradeId: number): Promise<void> {
      const valid = parseInput(id, tradeId, 'trade id');
      await call({
        method: 'PUT',
        path: 'watchlist',
        body: { auctionInfo: [{ id: valid }] },
        schema: emptyAnswerSchema,
      });
    },

    /** DELETE `watchlist?tradeId=a,b`. */
    async unwatch(tradeIds: number[]): Promise<void> {
      const valid = parseInput(ids, tradeIds, 'trade ids');
      await call({
        method: 'DELETE',
        path: 'watchlist',
        query: { tradeId: valid.join(',') },
        schema: emptyAnswerSchema,
      });
    },

    /** GET `marketdata/item/pricelimits?itemIdList=` — limits of owned items. */
    priceLimitsForItems: (itemIds: number[]): Promise<PriceLimit[]> =>
      priceLimits('marketdata/item/pricelimits', 'itemIdList', itemIds, 'item ids'),

    /** GET `marketdata/pricelimits?defId=` — limits of card definitions. */
    priceLimitsForDefinitions: (definitionIds: number[]): Promise<PriceLimit[]> =>
      priceLimits('marketdata/pricelimits', 'defId', definitionIds, 'definition ids'),
  };
}

export type MarketApi = ReturnType<typeof createMarketApi>;
