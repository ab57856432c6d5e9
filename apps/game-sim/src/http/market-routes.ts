import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clearSold, listItem, placeBid, relistAll, requireMarket, searchMarket } from '../world/trading.js';
import { removeTradeEntry } from '../world/piles.js';
import { isWatcher, type Account, type Trade } from '../world/types.js';
import { gameErrors } from '../core/errors.js';
import { gameAccount, parseIdList, type SimContext } from './context.js';
import { bidBodySchema, listBodySchema, searchQuerySchema, toCriteria } from './market-schemas.js';
import { parseInput } from './parse.js';
import { presentCredits, presentTrade } from './presenters.js';
import { searchAnswerJsonSchema } from './wire-schemas.js';

/** A live trade is anyone's to ask about; an ended one only its seller's, buyer's or watchers'. */
function canSeeStatus(trade: Trade, account: Account): boolean {
  return (
    trade.state === 'active' ||
    trade.sellerId === account.id ||
    trade.highestBidderId === account.id ||
    isWatcher(trade, account.id)
  );
}

const tradeParamSchema = z.object({ tradeId: z.coerce.number().int().positive() });

/** Market endpoints: search, bid/Buy Now, trade status, listing, relist, clearing. */
export function registerMarketRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, gamePrefix: prefix } = context;
  const searchCache = new Map<string, { at: number; trades: Trade[] }>();

  app.get(
    `${prefix}/transfermarket`,
    { schema: { response: { 200: searchAnswerJsonSchema } } },
    async (request) => {
      const account = gameAccount(context, request);
      const query = parseInput(searchQuerySchema, request.query);
      requireMarket(account);
      if (query.type !== 'player') return { auctionInfo: [], bidTokens: {} };
      const cacheMs = world.options.market.searchCacheMs;
      const key = `${account.id}|${request.url.split('?')[1] ?? ''}`;
      const cached = cacheMs > 0 ? searchCache.get(key) : undefined;
      let trades: Trade[];
      if (cached && world.now() - cached.at < cacheMs) trades = cached.trades;
      else {
        trades = searchMarket(world, account, toCriteria(query), query.start, query.num);
        if (cacheMs > 0) {
          if (searchCache.size > 10_000) searchCache.clear();
          searchCache.set(key, { at: world.now(), trades });
        }
      }
      return { auctionInfo: trades.map((trade) => presentTrade(world, trade, account)), bidTokens: {} };
    },
  );

  app.put(`${prefix}/trade/:tradeId/bid`, async (request) => {
    const account = gameAccount(context, request);
    const { tradeId } = parseInput(tradeParamSchema, request.params);
    const { bid } = parseInput(bidBodySchema, request.body);
    const trade = placeBid(world, account, tradeId, bid);
    const { credits, currencies, bidTokens } = presentCredits(account);
    return {
      auctionInfo: [presentTrade(world, trade, account)],
      credits,
      currencies,
      bidTokens,
      duplicateItemIdList: [],
      dynamicObjectivesUpdates: {},
    };
  });

  const tradeStatus = (lite: boolean) => async (request: FastifyRequest) => {
    const account = gameAccount(context, request);
    const ids = parseIdList((request.query as Record<string, unknown>).tradeIds, 'tradeIds');
    // Like the game: an unknown trade id, another platform's, or an ended trade the account has no
    // part in answers 478 for the whole call, never 200 with the trade left out.
    const trades = ids.map((id) => world.trades.get(id));
    const auctionInfo = trades.map((trade) => {
      if (!trade || trade.platform !== (account.platform ?? 'ps') || !canSeeStatus(trade, account))
        throw gameErrors.noTrade();
      return presentTrade(world, trade, account);
    });
    return lite ? { auctionInfo, credits: account.coins } : { ...presentCredits(account), auctionInfo };
  };
  app.get(`${prefix}/trade/status/lite`, tradeStatus(true));
  app.get(`${prefix}/trade/status`, tradeStatus(false));

  app.post(`${prefix}/auctionhouse`, async (request) => {
    const account = gameAccount(context, request);
    const body = parseInput(listBodySchema, request.body);
    const trade = listItem(
      world,
      account,
      body.itemData.id,
      body.startingBid,
      body.buyNowPrice,
      body.duration,
    );
    return { id: trade.tradeId, idStr: String(trade.tradeId) };
  });

  app.put(`${prefix}/auctionhouse/relist`, async (request) => {
    const account = gameAccount(context, request);
    const trades = relistAll(world, account);
    return { tradeIdList: trades.map((trade) => ({ id: trade.tradeId, idStr: String(trade.tradeId) })) };
  });

  app.delete(`${prefix}/trade/sold`, async (request, reply) => {
    const account = gameAccount(context, request);
    clearSold(account);
    return reply.code(200).send({});
  });

  app.delete(`${prefix}/trade/:tradeId`, async (request, reply) => {
    const account = gameAccount(context, request);
    const { tradeId } = parseInput(tradeParamSchema, request.params);
    removeTradeEntry(world, account, tradeId);
    return reply.code(200).send({});
  });
}
