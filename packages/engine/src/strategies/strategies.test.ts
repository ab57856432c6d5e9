import { previousPrice } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import type { AuctionInfo } from '@tradedesk/game-client';
import { fodderFilter, listing, normalFilter, quote, rarityFilter, StaticPrices } from '../testing/index.js';
import { seededRng } from '../time/rng.js';
import { CacheBuster } from './cache-busting.js';
import { searchOfCriteria } from './criteria.js';
import { FodderStrategy } from './fodder.js';
import { BacklogSweep, sweepBands } from './backlog-sweep.js';
import { FreshListingWatch } from './fresh-listings.js';
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
  pageSize: 20,
  requestBudget: 0,
  ...overrides,
});
const offer = (
  tradeId: number,
  buyNowPrice: number,
  definitionId = 20_801,
  extra: Partial<Parameters<typeof listing>[0]> = {},
) => listing({ tradeId, buyNowPrice, definitionId, ...extra });
const ids = (auction: AuctionInfo | undefined) => auction?.tradeId;
/** A result page whose listings have these seconds left. */
const timedPage = (page: number, expires: readonly number[], hasNextPage: boolean) => ({
  auctions: expires.map((left, index) => offer(page * 20 + index + 1, 1_000, 101, { expires: left })),
  hasNextPage,
  page,
  pageSize: 20,
});

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

  it('of two buyable listings on a page, picks the one furthest under its limit', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(context(prices()));
    // Limit of card 101: 18,499 (20,000 × 0.95 − 500).
    expect(ids(strategy.pick([offer(1, 18_000, 101), offer(2, 12_000, 101), offer(3, 17_000, 101)]))).toBe(2);
  });

  it("measures the margin by the card's price, not by the max Buy Now it is searched under", async () => {
    const strategy = new MultiRarityStrategy(rarityFilter({ maxPrice: 50_000 }));
    await strategy.prepare(
      context(
        new StaticPrices({
          rare: new Map([
            [101, quote(20_000, NOW)],
            [103, quote(130_000, NOW)],
          ]),
        }),
      ),
    );
    // 49,000 for a card of 130,000 earns far more than 10,000 for one of 20,000.
    expect(ids(strategy.pick([offer(1, 10_000, 101), offer(2, 49_000, 103)]))).toBe(2);
    expect(strategy.pick([offer(3, 51_000, 103)])).toBeUndefined();
  });

  it('buys later, by trade id, a listing it passed over that its limit takes', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(context(prices()));
    const page = {
      auctions: [offer(1, 18_000, 101), offer(2, 12_000, 101), offer(3, 19_000, 101), offer(4, 17_000, 101)],
      hasNextPage: false,
      page: 0,
      pageSize: 20,
    };
    expect(ids(strategy.pick(page.auctions))).toBe(2);
    strategy.nextPage(page, 0);
    // 2 was bought from the page; 4 and 1 are still under the limit, 3 is over it.
    expect(strategy.recalled(NOW + 1_000).map(ids)).toEqual([4, 1]);
    expect(strategy.recalled(NOW + 2_000)).toEqual([]);
  });

  it('forgets a passed-over listing once it has ended', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(context(prices()));
    const auctions = [offer(1, 12_000, 101), offer(2, 17_000, 101, { expires: 60 })];
    strategy.pick(auctions);
    strategy.nextPage({ auctions, hasNextPage: false, page: 0, pageSize: 20 }, 0);
    expect(strategy.recalled(NOW + 60_000)).toEqual([]);
  });

  it('raises its limits to where the market trades once it has seen enough fair asks', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(context(prices()));
    // 18,600 is over the price site's limit (18,499) and 0.6 % over it: kept as passed over.
    const nearMiss = offer(1, 18_600, 101);
    strategy.nextPage({ auctions: [nearMiss], hasNextPage: false, page: 0, pageSize: 20 }, 0);
    expect(strategy.pick([nearMiss])).toBeUndefined();
    // Fair sellers of the card ask 21,735: 1.087 × the site's 20,000, so with asks 3.5 % over the
    // value the card is worth 21,000 and its limit is 21,000 × 0.95 − 500 = 19,450.
    const fairPage = {
      auctions: Array.from({ length: 20 }, (_, index) => offer(100 + index, 21_735, 101)),
      hasNextPage: false,
      page: 0,
      pageSize: 20,
    };
    for (let page = 0; page < 10; page += 1) strategy.nextPage(fairPage, 0);
    await strategy.prepare(context(prices(), { now: NOW + 1_000 }));
    expect(ids(strategy.pick([offer(5, 19_449, 101)]))).toBe(5);
    expect(strategy.pick([offer(6, 19_451, 101)])).toBeUndefined();
    expect(strategy.recalled(NOW + 2_000).map(ids)).toEqual([1]);
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

  it('sweeps the backlog first, most expensive band first, then looks at the newest listings', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(
      context(new StaticPrices({ rare: new Map([[101, quote(20_000, NOW)]]) }), { requestBudget: 12 }),
    );
    // The sweep's budget is two pages (a sixth of 12): the top band, its first two pages.
    expect(strategy.firstPage()).toBe(0);
    expect(strategy.search()).toMatchObject({ minBuyNow: 25_000, maxBuyNow: 50_000 });
    expect(strategy.nextPage(timedPage(0, [100, 200], true), 0)).toBe(1);
    expect(strategy.search()).toMatchObject({ minBuyNow: 25_000, maxBuyNow: 50_000 });
    expect(strategy.nextPage(timedPage(1, [300, 400], true), 1)).toBeUndefined();
    // The sweep is done: every step from now on looks at the newest listings, over the whole band.
    expect(strategy.firstPage()).toBe(0);
    expect(strategy.search()).toMatchObject({ minBuyNow: 1_000, maxBuyNow: 50_000 });
    expect(strategy.nextPage(timedPage(0, [3_550, 3_560, 7_300], false), 0)).toBeUndefined();
    expect(strategy.firstPage()).toBe(0);
    expect(strategy.search()).toMatchObject({ minBuyNow: 1_000, maxBuyNow: 50_000 });
  });

  it('sweeps ten pages in one step, within the page-jump threshold, before its first look', async () => {
    const strategy = new MultiRarityStrategy(rarityFilter());
    await strategy.prepare(
      context(new StaticPrices({ rare: new Map([[101, quote(20_000, NOW)]]) }), { requestBudget: 600 }),
    );
    expect(strategy.firstPage()).toBe(0);
    for (let jumps = 0; jumps < 9; jumps += 1)
      expect(strategy.nextPage(timedPage(jumps, [100 + jumps], true), jumps)).toBe(jumps + 1);
    // The tenth page ends the step; the next step goes on with the sweep, not a look.
    expect(strategy.nextPage(timedPage(9, [200], true), 9)).toBeUndefined();
    expect(strategy.firstPage()).toBe(10);
    expect(strategy.search()).toMatchObject({ minBuyNow: 25_000, maxBuyNow: 50_000 });
  });

  it('reads the sweep band by band within its page budget (a sixth of the request budget)', () => {
    const bands = sweepBands(1_000, 50_000);
    expect(bands[0]).toEqual({ minBuyNow: 25_000, maxBuyNow: 50_000 });
    expect(bands.at(-1)?.minBuyNow).toBe(1_000);
    bands.slice(1).forEach((band, index) => {
      expect(band.maxBuyNow).toBe(previousPrice(bands[index]?.minBuyNow ?? 0));
      expect(band.minBuyNow).toBeGreaterThanOrEqual(Math.min(1_000, band.maxBuyNow));
    });
    const sweep = new BacklogSweep(1_000, 50_000, 3);
    sweep.advance(timedPage(0, [100], true));
    expect(sweep.current).toEqual({ ...bands[0], page: 1 });
    sweep.advance(timedPage(1, [200], false));
    expect(sweep.current).toEqual({ ...bands[1], page: 0 });
    expect(sweep.done).toBe(false);
    sweep.advance(timedPage(0, [300], true));
    expect(sweep.done).toBe(true);
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
  it('with a max Buy Now, varies the max bid up to ten ladder steps above it: the same listings every time', () => {
    const buster = new CacheBuster(seededRng(3));
    const searches = Array.from({ length: 30 }, () => buster.apply({ minBuyNow: 1_000, maxBuyNow: 20_000 }));
    const values = searches.map((search) => search.maxBid ?? 0);
    // A listing's bid stays under its Buy Now, so a max bid above the max Buy Now hides nothing.
    expect(values.every((value) => value > 20_000 && value <= 22_500 && value % 250 === 0)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(5);
    values.slice(1).forEach((value, index) => expect(value).not.toBe(values[index]));
    expect(searches.every((search) => search.minBuyNow === 1_000 && search.maxBuyNow === 20_000)).toBe(true);
    expect(searches.every((search) => search.minBid === undefined)).toBe(true);
  });

  it('without a max Buy Now, varies min Buy Now: below the filter min price, or on 150 … 1,000', () => {
    const withMin = new CacheBuster(seededRng(4));
    const below = Array.from({ length: 30 }, () => withMin.apply({ minBuyNow: 1_000 }).minBuyNow ?? 0);
    expect(below.every((value) => value >= 500 && value <= 1_000 && value % 50 === 0)).toBe(true);
    const bare = new CacheBuster(seededRng(5));
    const values = Array.from({ length: 50 }, () => bare.apply({}).minBuyNow ?? 0);
    expect(values.every((value) => value >= 150 && value <= 1_000)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(5);
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

describe('where the newest listings sit (59th Minute watch)', () => {
  /** 20 listings of one page, `oneHour` of them with up to an hour left ending at `newest`. */
  const around = (page: number, oneHour: number, newest: number) =>
    timedPage(
      page,
      Array.from({ length: 20 }, (_, index) =>
        index < oneHour ? newest - (oneHour - 1 - index) : 7_200 + index,
      ),
      true,
    );

  it('jumps most of the way on the first look, then reads the page holding the newest one-hour listings', () => {
    const watch = new FreshListingWatch();
    expect(watch.page(20, 0)).toBe(0);
    // Page 0: 20 listings over 38 s of time left (0.5 a second): the hour mark is ~1,800 results on.
    const first = timedPage(
      0,
      Array.from({ length: 20 }, (_, index) => 10 + 2 * index),
      true,
    );
    expect(watch.observe(first, 3_600)).toBe(89);
    // Page 89 holds the hour mark (12 one-hour listings, the newest just shown): read it, and the
    // page before, where newer ones than the last look may have spilled.
    expect(watch.observe(around(89, 12, 3_598), 3_600)).toBe(88);
    expect(watch.observe(around(88, 20, 3_586), 3_600)).toBeUndefined();
    expect(watch.page(20, 0)).toBe(89);
    // Ten seconds later the page starts with older listings: this page is enough.
    expect(watch.observe(around(89, 15, 3_598), 10)).toBeUndefined();
  });

  it('follows the newest listings when they move: forward past a page of older ones, back from longer ones', () => {
    const watch = new FreshListingWatch();
    watch.observe(around(40, 10, 3_560), 10);
    expect(watch.page(20, 0)).toBe(40);
    expect(watch.observe(around(40, 20, 3_500), 10)).toBeGreaterThan(40);
    const back = new FreshListingWatch();
    back.observe(around(40, 10, 3_560), 10);
    expect(back.observe(around(40, 0, 3_598), 10)).toBe(39);
    expect(back.observe(timedPage(41, [], false), 10)).toBe(40);
  });

  it('learns how fast the newest listings move and asks for the page they moved to', () => {
    /** A page of the results when the first listing with more than an hour left sits at `boundary`. */
    const pageAt = (page: number, boundary: number) =>
      timedPage(
        page,
        Array.from({ length: 20 }, (_, index) => {
          const position = page * 20 + index;
          return position < boundary ? 3_590 - (boundary - 1 - position) * 10 : 7_200 + position;
        }),
        true,
      );
    /** One look a minute, the boundary 20 results (a page) earlier each time; pages each look read. */
    const watch = new FreshListingWatch();
    const pagesRead = Array.from({ length: 8 }, (_, look) => {
      const now = look * 60_000;
      const boundary = 810 - 20 * look;
      let page: number | undefined = watch.page(20, now);
      let read = 0;
      while (page !== undefined) {
        read += 1;
        page = watch.observe(pageAt(page, boundary), 60);
      }
      watch.finishLook(now);
      return read;
    });
    // The second look still walks back from where the boundary was; once the drift is learned,
    // each look reads the one page holding the boundary.
    expect(pagesRead[1]).toBeGreaterThan(1);
    expect(pagesRead.slice(5)).toEqual([1, 1, 1]);
  });
});
