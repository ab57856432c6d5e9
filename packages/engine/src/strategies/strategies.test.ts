import { describe, expect, it } from 'vitest';
import type { AuctionInfo } from '@tradedesk/game-client';
import { fodderFilter, listing, normalFilter, quote, rarityFilter, StaticPrices } from '../testing/index.js';
import { seededRng } from '../time/rng.js';
import { CacheBuster } from './cache-busting.js';
import { searchOfCriteria } from './criteria.js';
import { FodderStrategy } from './fodder.js';
import { MultiRarityStrategy } from './multi-rarity.js';
import { NormalStrategy } from './normal.js';
import type { PrepareContext } from './strategy.js';

const NOW = 1_700_000_000_000;
const context = (prices = new StaticPrices(), overrides: Partial<PrepareContext> = {}): PrepareContext => ({
  platform: 'pc',
  prices,
  now: NOW,
  maxPriceAgeMs: 15 * 60_000,
  maxPageJumps: 0,
  ...overrides,
});
const offer = (
  tradeId: number,
  buyNowPrice: number,
  definitionId = 20_801,
  extra: Partial<Parameters<typeof listing>[0]> = {},
) => listing({ tradeId, buyNowPrice, definitionId, ...extra });
const ids = (auction: AuctionInfo | undefined) => auction?.tradeId;

describe('normal strategy', () => {
  it('top to bottom buys the first listing at or under max Buy Now; cheapest buys the lowest', async () => {
    const page = [offer(1, 11_000), offer(2, 9_500), offer(3, 10_000), offer(4, 7_000)];
    const topDown = new NormalStrategy(normalFilter({ searchOption: 'top_to_bottom' }));
    const cheapest = new NormalStrategy(normalFilter({ searchOption: 'cheapest' }));
    await topDown.prepare(context());
    await cheapest.prepare(context());
    expect(ids(topDown.pick(page))).toBe(2);
    expect(ids(cheapest.pick(page))).toBe(4);
  });

  it('never buys its own listing or one without Buy Now', async () => {
    const strategy = new NormalStrategy(normalFilter());
    await strategy.prepare(context());
    expect(strategy.pick([offer(1, 5_000, 20_801, { tradeOwner: true }), offer(2, 0)])).toBeUndefined();
  });

  it('searches every version of the named player with the filter criteria', () => {
    const strategy = new NormalStrategy(
      normalFilter({
        playerId: 50_352_445,
        quality: 'gold',
        position: 'attackers',
        league: 13,
        minPrice: 200,
      }),
    );
    expect(strategy.search()).toEqual({
      type: 'player',
      maskedDefId: 20_797,
      level: 'gold',
      zone: 'attacker',
      league: 13,
      minBuyNow: 200,
      maxBuyNow: 10_000,
    });
  });

  it('when the follow-up resells, keeps the min profit after the 5% tax', async () => {
    // Listing at 10,000 brings 9,500; with 10% (1,000) min profit, 8,500 is the most to pay.
    const filter = normalFilter({
      maxPrice: 9_900,
      minProfit: { value: 10, unit: 'percentage' },
      followUp: {
        action: 'list_on_transfer_list',
        startPrice: 9_500,
        buyNowPrice: 10_000,
        duration: 3600,
        percentage: 100,
      },
    });
    const strategy = new NormalStrategy(filter);
    await strategy.prepare(context());
    expect(ids(strategy.pick([offer(1, 8_600), offer(2, 8_500)]))).toBe(2);
  });

  it('listing at the price site price: buys under price × 0.95 − min profit, with a fresh price only', async () => {
    const filter = normalFilter({
      maxPrice: 0,
      minProfit: { value: 1_000, unit: 'fixed' },
      followUp: {
        action: 'list_at_price_site_price',
        startPrice: 0,
        buyNowPrice: 0,
        duration: 3600,
        percentage: 100,
      },
    });
    const fresh = new NormalStrategy(filter);
    await fresh.prepare(context(new StaticPrices({ any: new Map([[20_801, quote(20_000, NOW - 60_000)]]) })));
    // 20,000 × 0.95 − 1,000 = 18,000: 17,999 is bought, 18,000 is not.
    expect(ids(fresh.pick([offer(1, 18_000), offer(2, 17_999)]))).toBe(2);
    expect(fresh.search().maxBuyNow).toBe(17_999);

    const stale = new NormalStrategy(filter);
    const preparation = await stale.prepare(
      context(new StaticPrices({ any: new Map([[20_801, quote(20_000, NOW - 16 * 60_000)]]) })),
    );
    expect(preparation).toEqual({
      notices: ['Price for Test Striker is 16 min old; not buying until it is fresh'],
      skipCycle: true,
    });
    expect(stale.pick([offer(1, 100)])).toBeUndefined();

    const unknown = new NormalStrategy({ ...filter, rarity: 'icon' });
    expect(await unknown.prepare(context())).toEqual({
      notices: ['Unable to find Test Striker in rarity Icon'],
      skipCycle: true,
    });
    const failing = new NormalStrategy(filter);
    const down = new StaticPrices();
    down.playerPrice = () => Promise.reject(new Error('price service down'));
    expect(await failing.prepare(context(down))).toEqual({
      notices: ['Failed to fetch market price for Test Striker'],
      skipCycle: true,
    });
  });

  it('a named filter whose player is unknown cannot run', async () => {
    const strategy = new NormalStrategy(normalFilter({ playerId: undefined }));
    expect((await strategy.prepare(context())).problem).toBe('Unable to find details for Test Striker');
  });
});

describe('59th Minute strategy', () => {
  const prices = () =>
    new StaticPrices({
      rare: new Map([
        [101, quote(20_000, NOW - 60_000, 'Fresh Rare')],
        [102, quote(30_000, NOW - 20 * 60_000, 'Stale Rare')],
      ]),
      icon: new Map([[201, quote(40_000, NOW, 'Icon')]]),
    });

  it('values each listing against its own price: buys when Buy Now < price × 0.95 − min profit', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(context(prices()));
    // 20,000 × 0.95 − 500 = 18,500.
    expect(strategy.pick([offer(1, 18_500, 101)])).toBeUndefined();
    expect(ids(strategy.pick([offer(1, 18_500, 101), offer(2, 18_499, 101)]))).toBe(2);
    expect(strategy.valuation(offer(2, 18_499, 101))).toEqual({
      playerName: 'Fresh Rare',
      marketPrice: 20_000,
    });
  });

  it('never buys on a stale price, nor a card outside its rarity table', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(context(prices()));
    expect(strategy.pick([offer(1, 1_000, 102), offer(2, 1_000, 201), offer(3, 1_000, 999)])).toBeUndefined();
  });

  it('reads each rarity with its page limit; rarity Any reads every priced rarity', async () => {
    const book = prices();
    const strategy = new MultiRarityStrategy(rarityFilter({ rarity: 'any' }));
    await strategy.prepare(context(book));
    expect(book.rarityRequests.map(({ rarity, maxPages }) => [rarity, maxPages])).toEqual([
      ['rare', 30],
      ['team_of_the_week', 4],
      ['icon', 5],
      ['ut_heroes', 3],
      ['cornerstones', 2],
      ['ratings_reload', 1],
    ]);
    expect(ids(strategy.pick([offer(1, 30_000, 201)]))).toBe(1);
  });

  it('warns once when the page-jump threshold exceeds 10 pages', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    const warning = 'You should not exceed more than 10 pages of players to reduce the risk of being banned.';
    expect((await strategy.prepare(context(prices(), { maxPageJumps: 12 }))).notices).toEqual([
      warning,
      'Skipped 1 stale prices for 59th Minute',
    ]);
    expect((await strategy.prepare(context(prices(), { maxPageJumps: 12 }))).notices).toEqual([]);
  });

  it('without any usable price, skips the cycle with "Unable to fetch market data"', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter({ rarity: 'team_of_the_week' }));
    expect(await strategy.prepare(context(prices()))).toEqual({
      notices: ['Unable to fetch market data'],
      skipCycle: true,
    });
  });

  it('walks forward while there is a next page and steps back from an empty one, within the jump threshold', () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    const page = (number: number, count: number, hasNextPage: boolean) => ({
      auctions: Array.from({ length: count }, (_, index) => offer(index + 1, 1_000, 101)),
      hasNextPage,
      page: number,
      pageSize: 20,
    });
    expect(strategy.nextPage(page(0, 20, true), 0)).toBe(1);
    expect(strategy.nextPage(page(1, 20, true), 1)).toBe(2);
    expect(strategy.firstPage()).toBe(1);
    expect(strategy.nextPage(page(3, 0, false), 0)).toBe(2);
    expect(strategy.firstPage()).toBe(2);
    expect(strategy.nextPage(page(5, 20, true), 10)).toBeUndefined();
  });

  it('starts the next walk from the first page once it reached the last one', () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    const last = { auctions: [offer(1, 1_000, 101)], hasNextPage: false, page: 7, pageSize: 20 };
    expect(strategy.nextPage(last, 3)).toBeUndefined();
    expect(strategy.firstPage()).toBe(0);
  });

  it('lists what it buys at the card price-database price', () => {
    expect(new MultiRarityStrategy(rarityFilter()).followUp).toMatchObject({
      action: 'list_at_price_site_price',
      percentage: 100,
    });
  });
});

describe('price refresh', () => {
  it('asks the price database again only after a minute, and at once when the price went stale', async () => {
    let asked = 0;
    const book = new StaticPrices({}, new Map([[86, quote(4_000, NOW)]]));
    const fodderPrice = book.fodderPrice.bind(book);
    book.fodderPrice = (query) => {
      asked += 1;
      return fodderPrice(query);
    };
    const strategy = new FodderStrategy(fodderFilter());
    await strategy.prepare(context(book));
    await strategy.prepare(context(book, { now: NOW + 59_000 }));
    expect(asked).toBe(1);
    await strategy.prepare(context(book, { now: NOW + 60_000 }));
    expect(asked).toBe(2);
    await strategy.prepare(context(book, { now: NOW + 60_500, maxPriceAgeMs: 60_000 }));
    expect(asked).toBe(3);
  });
});

describe('fodder strategy', () => {
  const fodderPrices = (observedAt = NOW) => new StaticPrices({}, new Map([[86, quote(4_000, observedAt)]]));

  it('buys cards of the filter rating under the rating price × 0.95 − min profit', async () => {
    const strategy = new FodderStrategy(fodderFilter({ minProfit: { value: 200, unit: 'fixed' } }));
    await strategy.prepare(context(fodderPrices()));
    // 4,000 × 0.95 − 200 = 3,600.
    const page = [
      offer(1, 3_000, 5, { rating: 85 }),
      offer(2, 3_600, 6, { rating: 86 }),
      offer(3, 3_599, 7, { rating: 86 }),
    ];
    expect(ids(strategy.pick(page))).toBe(3);
    expect(strategy.search()).toEqual({ type: 'player', level: 'gold', maxBuyNow: 5_000 });
  });

  it('searches special cards for special fodder and skips the cycle on a stale price', async () => {
    const strategy = new FodderStrategy(fodderFilter({ quality: 'special' }));
    expect(strategy.search()).toMatchObject({ special: true });
    expect(await strategy.prepare(context(fodderPrices(NOW - 60 * 60_000)))).toEqual({
      notices: ['Price for 86 rated special is 60 min old; not buying until it is fresh'],
      skipCycle: true,
    });
  });
});

describe('search criteria', () => {
  it('sends nothing for Any and the right parameter for each criterion', () => {
    expect(searchOfCriteria(rarityFilter({ rarity: 'any', minPrice: 0, maxPrice: 0 }))).toEqual({
      type: 'player',
    });
    expect(
      searchOfCriteria(
        rarityFilter({
          quality: 'special',
          rarity: 'icon',
          position: 'CAM',
          nationality: 14,
          club: 10,
          chemistryStyle: 266,
        }),
      ),
    ).toEqual({
      type: 'player',
      special: true,
      rarityIds: [12],
      position: 'CAM',
      nation: 14,
      club: 10,
      playStyle: 266,
      minBuyNow: 1_000,
      maxBuyNow: 50_000,
    });
  });
});

describe('cache-busting', () => {
  it('with a filter min price, varies min Buy Now up to ten ladder steps below it, never the min bid', () => {
    const buster = new CacheBuster(seededRng(3));
    const searches = Array.from({ length: 30 }, () => buster.apply({ minBuyNow: 1_000, maxBuyNow: 20_000 }));
    const values = searches.map((search) => search.minBuyNow ?? 0);
    expect(values.every((value) => value >= 500 && value <= 1_000 && value % 50 === 0)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(5);
    expect(searches.every((search) => search.minBid === undefined && search.maxBuyNow === 20_000)).toBe(true);
  });

  it('stays at or under half the max Buy Now for cheap cards', () => {
    const buster = new CacheBuster(seededRng(4));
    const values = Array.from({ length: 50 }, () => buster.apply({ maxBuyNow: 600 }).minBuyNow ?? 0);
    expect(values.every((value) => value >= 150 && value <= 300)).toBe(true);
  });

  it('the strategies skip listings the widened search shows below the filter min price', async () => {
    const strategy = new NormalStrategy(normalFilter({ minPrice: 2_000 }));
    await strategy.prepare(context());
    expect(ids(strategy.pick([offer(1, 1_500), offer(2, 2_000)]))).toBe(2);
    const rare = new MultiRarityStrategy(rarityFilter());
    await rare.prepare(context(new StaticPrices({ rare: new Map([[101, quote(20_000, NOW)]]) })));
    expect(rare.pick([offer(3, 900, 101)])).toBeUndefined();
  });
});
