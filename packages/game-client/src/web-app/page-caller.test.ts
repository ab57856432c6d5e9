import type { ServiceResponse } from '@tradedesk/domain/web-app';
import { describe, expect, it } from 'vitest';
import { sandboxConfig } from '../config.js';
import { CaptchaError, NotEnoughCoinsError } from '../errors.js';
import { searchAnswerSchema } from '../schemas/market.js';
import { createPageCaller, createPageGameApis, type PageServiceCall } from './page-caller.js';

const auction = {
  tradeId: 7,
  tradeState: 'active',
  bidState: 'none',
  buyNowPrice: 500,
  startingBid: 150,
  currentBid: 0,
  expires: 3_000,
  watched: false,
  tradeOwner: false,
  sellerName: 'Rival',
  offers: 0,
  itemData: {
    id: 70,
    assetId: 20_801,
    resourceId: 20_801,
    rating: 86,
    rareflag: 1,
    preferredPosition: 'ST',
    teamid: 1,
    leagueId: 1,
    nation: 1,
    discardValue: 400,
    untradeable: false,
    itemType: 'player',
    timestamp: 1,
    cardsubtypeid: 3,
    lastSalePrice: 0,
  },
};

function page(answers: Record<string, ServiceResponse<unknown>>) {
  const calls: PageServiceCall[] = [];
  const apis = createPageGameApis(async (call) => {
    calls.push(call);
    return (
      answers[`${call.service}.${call.method}`] ?? {
        success: false,
        status: 500,
        data: undefined,
        error: { code: 500, reason: 'x' },
      }
    );
  }, sandboxConfig('http://127.0.0.1:1'));
  return { apis, calls };
}

const ok = <T>(data: T): ServiceResponse<T> => ({ success: true, status: 200, data, error: undefined });
const failed = (code: number, reason: string): ServiceResponse<unknown> => ({
  success: false,
  status: code,
  data: { code, reason },
  error: { code, reason },
});

describe('the game client over the web app page', () => {
  it("searches through the page's market service with the protocol's criteria and counts the search", async () => {
    const { apis, calls } = page({ 'Market.search': ok({ auctionInfo: [auction] }) });
    const result = await apis.market.search({
      maskedDefId: 20_801,
      maxBuyNow: 1_000,
      rarityIds: [1],
      page: 1,
    });
    expect(calls).toEqual([
      {
        service: 'Market',
        method: 'search',
        args: [{ type: 'player', maskedDefId: 20_801, rarityIds: 1, maxb: 1_000 }, 1],
      },
    ]);
    expect(result.auctions.map((found) => found.tradeId)).toEqual([7]);
    expect(apis.stats).toEqual({ requests: 1, searches: 1 });
  });

  it("reads the page's search answer with the headless session's fast reader", async () => {
    const answer = { auctionInfo: [{ ...auction, novelty: 1 }], bidTokens: {} };
    const { call } = createPageCaller(async () => ok(structuredClone(answer)));
    const fastAnswer = { auctionInfo: [], bidTokens: 'read fast' };
    // A call with a fast reader is answered by it, as game-http answers a headless one.
    const read = await call({
      method: 'GET',
      path: 'transfermarket',
      schema: searchAnswerSchema,
      fastRead: () => fastAnswer,
    });
    expect(read).toBe(fastAnswer);
    // And the market API's search over the page gives exactly what the schema reads.
    const { apis } = page({ 'Market.search': ok(structuredClone(answer)) });
    const result = await apis.market.search({ maskedDefId: 20_801 });
    expect(result.auctions).toEqual(searchAnswerSchema.parse(answer).auctionInfo);
  });

  it('buys, moves and quick-sells through the matching services', async () => {
    const { apis, calls } = page({
      'Market.bid': ok({ credits: 99_500, auctionInfo: [auction] }),
      'Item.move': ok({ itemData: [{ id: 70, pile: 'trade', success: true }] }),
      'Item.quickSell': ok({ items: [{ id: 70 }], totalCredits: 99_900 }),
    });
    expect((await apis.market.bid(7, 500)).credits).toBe(99_500);
    await apis.piles.moveItem({ itemId: 70, pile: 'trade', tradeId: 7 });
    expect(await apis.piles.quickSell(70)).toEqual({ totalCredits: 99_900 });
    expect(calls.map(({ service, method, args }) => `${service}.${method}(${args.join(',')})`)).toEqual([
      'Market.bid(7,500)',
      'Item.move(70,trade,7)',
      'Item.quickSell(70)',
    ]);
  });

  it("types the page's failures as the headless client does", async () => {
    const { apis } = page({
      'Market.search': failed(458, 'Captcha'),
      'Market.bid': failed(470, 'Not enough coins'),
    });
    await expect(apis.market.search({ maskedDefId: 1 })).rejects.toBeInstanceOf(CaptchaError);
    await expect(apis.market.bid(7, 500)).rejects.toBeInstanceOf(NotEnoughCoinsError);
  });
});
