import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gameErrors } from '../core/errors.js';
import { moveItems, unassignedDuplicates, unwatchTrades, watchTrades } from '../world/piles.js';
import { ownedItem, platformOf, quickSell } from '../world/trading.js';
import { catalogueItem, type Trade } from '../world/types.js';
import { gameAccount, parseIdList, type SimContext } from './context.js';
import { clubBodySchema, moveBodySchema, watchBodySchema } from './market-schemas.js';
import { parseInput } from './parse.js';
import { presentCredits, presentItem, presentTrade, presentUnlisted } from './presenters.js';

/** Pile-size keys the game sends: 2 transfer list, 3 consumables, 4 watchlist, 6 extra (GAME-PROTOCOL §2.5). */
export const PILE_SIZE_KEYS = [2, 3, 4, 6] as const;
const CONSUMABLES_PILE = 100;
const EXTRA_PILE = 15;

function pileSizeEntries(piles: { tradepile: number; watchlist: number }): { key: number; value: number }[] {
  const values: Record<(typeof PILE_SIZE_KEYS)[number], number> = {
    2: piles.tradepile,
    3: CONSUMABLES_PILE,
    4: piles.watchlist,
    6: EXTRA_PILE,
  };
  return PILE_SIZE_KEYS.map((key) => ({ key, value: values[key] }));
}

/** Piles, item moves, quick sell, coins, mass info, price limits, club and card versions. */
export function registerPileRoutes(app: FastifyInstance, context: SimContext): void {
  const { world, gamePrefix: prefix } = context;
  const { piles } = world.options;

  app.get(`${prefix}/tradepile`, async (request) => {
    const account = gameAccount(context, request);
    const entries: Record<string, unknown>[] = [];
    for (const itemId of account.tradepile) {
      const item = world.items.get(itemId);
      if (!item) continue;
      const trade = world.trades.get(item.tradeId);
      entries.push(
        item.place === 'listed' && trade
          ? presentTrade(world, trade, account)
          : presentUnlisted(world, item, account),
      );
    }
    for (const tradeId of account.soldTrades) {
      const trade = world.trades.get(tradeId);
      if (trade) entries.push(presentTrade(world, trade, account));
    }
    return { auctionInfo: entries, credits: account.coins, bidTokens: {} };
  });

  app.get(`${prefix}/watchlist`, async (request) => {
    const account = gameAccount(context, request);
    const trades = [...account.watchlist]
      .map((id) => world.trades.get(id))
      .filter((trade): trade is Trade => trade !== undefined);
    return {
      auctionInfo: trades.map((trade) => presentTrade(world, trade, account)),
      credits: account.coins,
    };
  });

  app.put(`${prefix}/watchlist`, async (request, reply) => {
    const account = gameAccount(context, request);
    const body = parseInput(watchBodySchema, request.body);
    watchTrades(
      world,
      account,
      body.auctionInfo.map((entry) => entry.id),
    );
    return reply.code(200).send({});
  });

  app.delete(`${prefix}/watchlist`, async (request, reply) => {
    const account = gameAccount(context, request);
    unwatchTrades(world, account, parseIdList((request.query as Record<string, unknown>).tradeId, 'tradeId'));
    return reply.code(200).send({});
  });

  app.get(`${prefix}/purchased/items`, async (request) => {
    const account = gameAccount(context, request);
    const shown = account.unassigned.slice(0, piles.unassignedPageSize);
    return {
      itemData: shown
        .map((itemId) => world.items.get(itemId))
        .flatMap((item) => (item ? [presentItem(world, item, account)] : [])),
      duplicateItemIdList: unassignedDuplicates(world, account).filter((pair) => shown.includes(pair.itemId)),
    };
  });

  app.put(`${prefix}/item`, async (request) => {
    const account = gameAccount(context, request);
    const body = parseInput(moveBodySchema, request.body);
    return { itemData: moveItems(world, account, body.itemData) };
  });

  // The game's answer is `items` and `totalCredits` (the balance after the sale) only: clients
  // read any `credits` field as the coin balance, so the amount credited must not travel as one.
  const quickSellReply = (itemIds: number[], account: { coins: number }) => ({
    items: itemIds.map((id) => ({ id })),
    totalCredits: account.coins,
  });

  app.delete(`${prefix}/item/:itemId`, async (request) => {
    const account = gameAccount(context, request);
    const { itemId } = parseInput(z.object({ itemId: z.coerce.number().int().positive() }), request.params);
    quickSell(world, account, [itemId]);
    return quickSellReply([itemId], account);
  });

  app.delete(`${prefix}/item`, async (request) => {
    const account = gameAccount(context, request);
    const itemIds = parseIdList((request.query as Record<string, unknown>).itemIds, 'itemIds');
    quickSell(world, account, itemIds);
    return quickSellReply(itemIds, account);
  });

  app.get(`${prefix}/user/credits`, async (request) => presentCredits(gameAccount(context, request)));

  app.get(`${prefix}/usermassinfo`, async (request) => {
    const account = gameAccount(context, request);
    return {
      userInfo: {
        personaId: account.personaId,
        personaName: account.personaName,
        clubName: account.clubName,
        clubAbbr: account.clubAbbr,
        credits: account.coins,
        established: Math.floor(account.createdAt / 1000),
        feature: { trade: account.marketLocked ? 0 : 2, rivals: 1, mtx: 1 },
        unassignedPileSize: String(account.unassigned.length),
        reliability: { reliability: 100, startedMatches: 0, finishedMatches: 0, matchUnfinishedTime: 0 },
      },
      // Every entry the game sends, in its order: clients index the list (OCZ reads [0] and [2]).
      pileSizeClientData: { entries: pileSizeEntries(piles) },
      purchasedItems: { itemData: [] },
      settings: { configs: [] },
    };
  });

  // The web app reads its settings right after signing in (GAME-PROTOCOL §1, step 9): the same
  // `configs` usermassinfo carries.
  app.get(`${prefix}/settings`, async (request) => {
    gameAccount(context, request);
    return { configs: [] };
  });

  app.get(`${prefix}/marketdata/item/pricelimits`, async (request) => {
    const account = gameAccount(context, request);
    const itemIds = parseIdList((request.query as Record<string, unknown>).itemIdList, 'itemIdList');
    return itemIds.map((itemId) => {
      const item = ownedItem(world, account, itemId);
      const limits = world.values.limits(item.cardIndex, platformOf(account), world.now());
      return { defId: world.card(item.cardIndex).definitionId, itemId, ...limits, source: 'ITEM_DEFINITION' };
    });
  });

  app.get(`${prefix}/marketdata/pricelimits`, async (request) => {
    const account = gameAccount(context, request);
    const defIds = parseIdList((request.query as Record<string, unknown>).defId, 'defId');
    return defIds.map((defId) => {
      const cardIndex = world.cardIndexByDefinition.get(defId);
      if (cardIndex === undefined) throw gameErrors.notFound(`unknown definition ${defId}`);
      return {
        defId,
        itemId: 0,
        ...world.values.limits(cardIndex, platformOf(account), world.now()),
        source: 'ITEM_DEFINITION',
      };
    });
  });

  app.post(`${prefix}/club`, async (request) => {
    const account = gameAccount(context, request);
    const body = parseInput(clubBodySchema, request.body);
    const items = [...account.club].map((id) => world.items.get(id)).flatMap((item) => (item ? [item] : []));
    const filtered =
      body.defId === undefined
        ? items
        : items.filter((item) => world.card(item.cardIndex).definitionId === Number(body.defId));
    filtered.sort(
      (a, b) =>
        (world.card(b.cardIndex).rating - world.card(a.cardIndex).rating) * (body.sort === 'desc' ? 1 : -1),
    );
    return {
      itemData: filtered
        .slice(body.start, body.start + body.count)
        .map((item) => presentItem(world, item, account)),
    };
  });

  app.get(`${prefix}/defid`, async (request) => {
    const account = gameAccount(context, request);
    const query = parseInput(
      z.object({
        defId: z.coerce.number().int().positive(),
        start: z.coerce.number().int().nonnegative().default(0),
        count: z.coerce.number().int().min(1).max(100).default(21),
      }),
      request.query,
    );
    const baseId = query.defId % 16_777_216;
    const versions = world.cards.flatMap((card, cardIndex) => (card.baseId === baseId ? [cardIndex] : []));
    return {
      itemData: versions
        .slice(query.start, query.start + query.count)
        .map((cardIndex) => presentItem(world, catalogueItem(cardIndex), account)),
    };
  });

  app.get(`${prefix}/captcha/fun/data`, async (request) => {
    gameAccount(context, request);
    return { pkey: 'sandbox-captcha', blob: '' };
  });

  app.post(`${prefix}/captcha/fun/validate`, async () => {
    // Trade Desk never solves captchas automatically: only a person on the sim's web page can.
    throw gameErrors.permissionDenied('solve the captcha in the web app');
  });
}
