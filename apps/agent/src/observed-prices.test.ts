import type { PriceObservations } from '@tradedesk/domain/realtime';
import type { GamePort } from '@tradedesk/engine';
import type { AuctionInfo, MarketPage } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import { observedPrices, observingGame } from './observed-prices.js';

const listing = (definitionId: number, buyNowPrice: number) =>
  ({
    tradeId: definitionId * 10 + buyNowPrice,
    buyNowPrice,
    itemData: { definitionId },
  }) as unknown as AuctionInfo;
const page = (...auctions: AuctionInfo[]): MarketPage => ({
  auctions,
  hasNextPage: false,
  page: 0,
  pageSize: 20,
});

describe('observed minimum Buy Now prices', () => {
  it('reports the lowest Buy Now per card of several searches as one batch', () => {
    const batches: PriceObservations[] = [];
    const observed = observedPrices({ report: (batch) => batches.push(batch), now: () => 7_000 });
    observed.seen('pc', page(listing(20_801, 900), listing(20_801, 700), listing(300, 1_500)));
    observed.seen('pc', page(listing(20_801, 800)));
    observed.seen('ps', page(listing(20_801, 650)));
    expect(batches).toHaveLength(0);
    observed.flush();
    expect(batches).toEqual([
      {
        observations: [
          { definitionId: 20_801, platform: 'pc', price: 700, observedAt: 7_000 },
          { definitionId: 300, platform: 'pc', price: 1_500, observedAt: 7_000 },
          { definitionId: 20_801, platform: 'ps', price: 650, observedAt: 7_000 },
        ],
      },
    ]);
    observed.flush();
    expect(batches).toHaveLength(1);
  });

  it('shows every search page of the game port to the collector and answers it unchanged', async () => {
    const batches: PriceObservations[] = [];
    const observed = observedPrices({ report: (batch) => batches.push(batch) });
    const shown = page(listing(20_801, 600));
    const game = observingGame({ search: async () => shown } as unknown as GamePort, 'pc', observed);
    expect(await game.search({ type: 'player' } as never)).toBe(shown);
    observed.close();
    expect(batches[0]?.observations).toMatchObject([{ definitionId: 20_801, price: 600 }]);
  });
});
