import { describe, expect, it } from 'vitest';
import { timeRange } from '@tradedesk/domain';
import {
  configuration,
  listing,
  normalFilter,
  quote,
  rarityFilter,
  ScriptedMarket,
  sessionHarness,
  StaticPrices,
} from '../testing/index.js';
import { SnipeSetupError } from './options.js';

const quietTime = {
  duration: timeRange(10, 11, 'minutes'),
  break: { frequency: timeRange(30, 31, 'minutes'), duration: timeRange(1, 2, 'minutes') },
};

/** A rarity-filter session on `market` where card 9 is a rare priced 20,000 coins. */
function rareNineSession(
  market: ScriptedMarket,
  configured: ReturnType<typeof configuration>,
  playerName?: string,
) {
  const prices = new StaticPrices({ rare: new Map([[9, quote(20_000, 1_700_000_000_000, playerName)]]) });
  return sessionHarness({ market, prices, filters: [rarityFilter()], configuration: configured });
}

/** A busy market: every third search offers a bargain, every fifth one is lost to a rival. */
function busyMarket() {
  return new ScriptedMarket({
    coins: 10_000_000,
    lostTradeIds: [5, 10, 15, 20, 25, 30],
    onSearch: (_search, index) =>
      index % 3 === 0 || index % 5 === 0
        ? {
            auctions: [
              listing({ tradeId: index, buyNowPrice: 3_000 + (index % 4) * 500, definitionId: 20_801 }),
            ],
          }
        : { auctions: [] },
  });
}

describe('SnipeSession', () => {
  it('replays a whole session exactly: same seed, same event log', async () => {
    const config = configuration({
      time: {
        duration: timeRange(20, 25, 'minutes'),
        break: { frequency: timeRange(4, 6, 'minutes'), duration: timeRange(1, 2, 'minutes') },
      },
    });
    const first = sessionHarness({ market: busyMarket(), configuration: config, seed: 7 });
    const second = sessionHarness({ market: busyMarket(), configuration: config, seed: 7 });
    const other = sessionHarness({ market: busyMarket(), configuration: config, seed: 8 });
    await Promise.all([first.session.run(), second.session.run(), other.session.run()]);
    expect(first.sink.ofType('snipe-result').length).toBeGreaterThan(3);
    expect(first.sink.ofType('break-start').length).toBeGreaterThan(0);
    expect(second.sink.events).toEqual(first.sink.events);
    expect(second.market.calls).toEqual(first.market.calls);
    expect(other.sink.events).not.toEqual(first.sink.events);
  });

  it('takes breaks: each break starts and ends with a notification and nothing is searched meanwhile', async () => {
    const { session, sink, market } = sessionHarness({
      configuration: configuration({
        time: {
          duration: timeRange(12, 13, 'minutes'),
          break: { frequency: timeRange(3, 4, 'minutes'), duration: timeRange(1, 2, 'minutes') },
        },
      }),
    });
    await session.run();
    const starts = sink.ofType('break-start');
    const ends = sink.ofType('break-end');
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(ends).toHaveLength(starts.length);
    starts.forEach((start, index) => {
      expect(ends[index]?.at).toBe(start.until);
      expect(start.until - start.at).toBeGreaterThanOrEqual(60_000);
      expect(start.until - start.at).toBeLessThanOrEqual(120_000);
      const searchedDuringBreak = sink
        .ofType('session-upsert')
        .some((event) => event.at > start.at && event.at < start.until);
      expect(searchedDuringBreak).toBe(false);
    });
    const statuses = sink.ofType('account-update').map((event) => event.status);
    expect(statuses).toContain('break');
    expect(market.searches.length).toBeGreaterThan(100);
  });

  it('rotates across the selected filters every N requests', async () => {
    const second = normalFilter({
      id: 'filter-2',
      label: 'Winger',
      name: 'Test Winger',
      playerId: 50_331_650,
    });
    const { session, market, sink } = sessionHarness({
      filters: [normalFilter(), second],
      configuration: configuration({
        time: { ...quietTime, maxSearches: 12 },
        advanced: { rotation: { isEnabled: true, requests: 4 } },
      }),
    });
    await session.run();
    const players = market.searches.map((search) => search.maskedDefId);
    expect(new Set(players)).toEqual(new Set([20_801, 2]));
    expect(players).toEqual([20_801, 20_801, 20_801, 20_801, 2, 2, 2, 2, 20_801, 20_801, 20_801, 20_801]);
    expect(sink.notices).toContain('Rotating to filter Winger');
  });

  it('switches to another filter on request, from the next step on', async () => {
    const winger = normalFilter({ id: 'filter-2', label: 'Winger', name: 'Test Winger', playerId: 30_000 });
    const { session, market } = sessionHarness({
      configuration: configuration({ time: { ...quietTime, maxSearches: 6 } }),
      onEvent: (event, running) => {
        if (event.type === 'session-upsert' && event.searches === 2) running.switchFilter(winger);
      },
    });
    await session.run();
    expect(market.searches.map((search) => search.maskedDefId)).toEqual([
      20_801, 20_801, 30_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('refuses a switch to a filter that cannot snipe, and keeps running the old one', async () => {
    const { session } = sessionHarness();
    expect(() => session.switchFilter({ ...normalFilter(), maxPrice: 0, minPrice: 10 })).toThrow(
      'Max price must be greater than min price',
    );
  });

  it('stops within one step and leaves piles consistent: the card just bought still goes to the club', async () => {
    const market = new ScriptedMarket({
      onSearch: (_search, index) => ({
        auctions: [listing({ tradeId: index + 1, buyNowPrice: 4_000, definitionId: 20_801 })],
      }),
    });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ time: quietTime }),
      onEvent: (event, running) => {
        if (event.type === 'snipe-result') void running.stop();
      },
    });
    const summary = await session.run();
    expect(summary).toMatchObject({ reason: 'user', snipes: 1 });
    expect(market.club).toHaveLength(1);
    expect(market.unassignedItems).toHaveLength(0);
    expect(market.searches).toHaveLength(1);
    expect(sink.ofType('stop')).toEqual([
      expect.objectContaining({ reason: 'user', message: 'Snipe stopped' }),
    ]);
  });

  it('a stop before the run starts ends it at once', async () => {
    const { session, market } = sessionHarness();
    await session.stop();
    expect(market.calls).toEqual([]);
  });

  it('skips a search with too many results: "Too many results for {player}"', async () => {
    const market = new ScriptedMarket({
      onSearch: () => ({
        auctions: [1, 2, 3].map((tradeId) => listing({ tradeId, buyNowPrice: 4_000, definitionId: 20_801 })),
      }),
    });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ time: { ...quietTime, maxSearches: 2, maxSearchResults: 2 } }),
    });
    await session.run();
    // Said once: the same line within a minute is not repeated.
    expect(sink.notices.filter((text) => text === 'Too many results for Test Striker')).toHaveLength(1);
    expect(market.calls.filter((call) => call.startsWith('bid'))).toEqual([]);
  });

  it('sends the Buy Now straight after the search answer, with nothing in between', async () => {
    const market = new ScriptedMarket({
      onSearch: (_search, index) =>
        index === 2
          ? { auctions: [listing({ tradeId: 99, buyNowPrice: 4_000, definitionId: 20_801 })] }
          : { auctions: [] },
    });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ time: { ...quietTime, maxSnipes: 1 } }),
    });
    await session.run();
    const searchIndex = market.calls.lastIndexOf('search page 0');
    expect(market.calls[searchIndex + 1]).toBe('bid 99 4000');
    expect(sink.ofType('snipe-result')[0]?.report).toMatchObject({
      playerName: 'Test Striker',
      buyPrice: 4_000,
    });
  });

  it('varies the max bid above the max Buy Now on every search (cache-busting), never repeating', async () => {
    const { session, market } = sessionHarness({
      configuration: configuration({ time: { ...quietTime, maxSearches: 30 } }),
    });
    await session.run();
    const values = market.searches.map((search) => search.maxBid ?? 0);
    values.slice(1).forEach((value, index) => expect(value).not.toBe(values[index]));
    expect(values.every((value) => value > 10_000 && value <= 12_500 && value % 250 === 0)).toBe(true);
    expect(market.searches.every((search) => search.maxBuyNow === 10_000 && search.pageSize === 20)).toBe(
      true,
    );
  });

  it('spreads a requests threshold over the run instead of spending it in the first minutes', async () => {
    const budgeted = configuration({ time: { ...quietTime, maxRequests: 60 } });
    const paced = sessionHarness({ configuration: budgeted });
    const startedAt = paced.clock.now();
    expect((await paced.session.run()).reason).toBe('thresholds');
    const pacedMinutes = (paced.clock.now() - startedAt) / 60_000;

    const unpaced = sessionHarness({ configuration: budgeted, extra: { paceBudget: false } });
    expect((await unpaced.session.run()).reason).toBe('thresholds');
    const unpacedMinutes = (unpaced.clock.now() - startedAt) / 60_000;

    // 60 searches at the 1.5–3.5 s delay take about 2.5 minutes; paced, most of the 10-minute run.
    expect(unpacedMinutes).toBeLessThan(4);
    expect(pacedMinutes).toBeGreaterThan(5);
    expect(pacedMinutes).toBeLessThanOrEqual(11);
  });

  it('never spends more requests than its threshold, even when a step would run past it', async () => {
    // Every third search buys (Buy Now and a follow-up), every 50 searches a coin check: thresholds
    // that fall inside such a step, paced or not.
    for (const maxRequests of [20, 31, 44, 58, 75])
      for (const paceBudget of [true, false]) {
        const { session, market } = sessionHarness({
          market: busyMarket(),
          configuration: configuration({ time: { ...quietTime, maxRequests } }),
          extra: { paceBudget },
        });
        const summary = await session.run();
        expect(market.requestCounters().requests).toBeLessThanOrEqual(maxRequests);
        // Spent nearly all the same: at most the room of one buy left over when the run ended.
        expect(summary.requests).toBeGreaterThan(maxRequests - 1 - 3);
      }
  });

  it('reads no more sweep pages than the threshold leaves', async () => {
    const market = new ScriptedMarket({
      onSearch: () => ({
        auctions: [listing({ tradeId: 1, buyNowPrice: 40_000, definitionId: 9 })],
        hasNextPage: true,
      }),
    });
    // A sweep of ten-page steps over a threshold of 13 requests, two of them the coin check.
    const { session } = rareNineSession(
      market,
      configuration({ time: { ...quietTime, maxPageJumps: 10, maxRequests: 13 } }),
    );
    const summary = await session.run();
    expect(summary.reason).toBe('thresholds');
    expect(market.requestCounters().requests).toBeLessThanOrEqual(13);
  });

  it('checks the coin balance every 50 searches', async () => {
    const { session, market } = sessionHarness({
      configuration: configuration({ time: { ...quietTime, maxSearches: 120 } }),
    });
    await session.run();
    expect(market.calls.filter((call) => call === 'credits')).toHaveLength(3);
  });

  it('sweeps the backlog first, then looks where the newest 59th Minute listings sit', async () => {
    // 100 results: 80 one-hour listings (the newest, just shown, at position 79), then longer ones.
    const secondsLeft = Array.from({ length: 100 }, (_, at) =>
      at < 80 ? 3_598 - (79 - at) * 40 : 7_200 + at,
    );
    const market = new ScriptedMarket({
      onSearch: (search) => {
        const page = search.page ?? 0;
        return {
          auctions: secondsLeft
            .slice(page * 20, page * 20 + 20)
            .map((expires, index) =>
              listing({ tradeId: page * 20 + index + 1, buyNowPrice: 30_000, definitionId: 9, expires }),
            ),
          hasNextPage: (page + 1) * 20 < secondsLeft.length,
        };
      },
    });
    // A budget of 24 requests leaves the sweep 4 pages (a sixth).
    const { session } = rareNineSession(
      market,
      configuration({
        time: { ...quietTime, maxSearches: 10, maxPageJumps: 5, maxRequests: 24 },
      }),
    );
    await session.run();
    const looks = market.searches.filter((search) => search.minBuyNow === 1_000).map((search) => search.page);
    // First look: page 0, a jump to the hour mark (page 4 holds longer listings), back to page 3
    // where the newest sit, and page 2 (on a first look, anything on it may be new); later looks
    // read page 3 alone.
    expect(looks.slice(0, 4)).toEqual([0, 4, 3, 2]);
    expect(looks.slice(4)).toEqual([3, 3]);
    // The sweep came first: the top band's first four pages, before any look.
    expect(market.searches.slice(0, 4)).toMatchObject(
      [0, 1, 2, 3].map((page) => ({ minBuyNow: 25_000, maxBuyNow: 50_000, page })),
    );
    expect(market.searches.slice(4).every((search) => search.minBuyNow === 1_000)).toBe(true);
    expect(market.searches.every((search) => search.rarityIds?.[0] === 1)).toBe(true);
  });
});

/** A market whose first search shows these listings, and every later one none. */
const firstSearchShows = (...auctions: ReturnType<typeof listing>[]) =>
  new ScriptedMarket({ onSearch: (_search, index) => ({ auctions: index === 0 ? auctions : [] }) });

describe('SnipeSession 59th Minute buys', () => {
  it('buys a card under its price × 0.95 − min profit and lists it at its database price', async () => {
    const market = firstSearchShows(
      listing({ tradeId: 1, buyNowPrice: 19_000, definitionId: 9 }),
      listing({ tradeId: 2, buyNowPrice: 15_000, definitionId: 9 }),
    );
    const { session, sink } = rareNineSession(
      market,
      configuration({ time: { ...quietTime, maxSnipes: 1 } }),
      'Rare Nine',
    );
    await session.run();
    expect(market.calls).toContain('bid 2 15000');
    expect(market.calls).toContain('list 1000002 19750/20000 3600');
    expect(sink.ofType('snipe-result')[0]?.report).toMatchObject({
      playerName: 'Rare Nine',
      buyPrice: 15_000,
      sellPrice: 20_000,
      tax: 1_000,
      value: 4_000,
    });
    expect(sink.ofType('account-update').at(-1)).toMatchObject({ coins: 85_000, profits: 4_000 });
  });
});

describe('SnipeSession quick sells', () => {
  it("shows the game's balance after a quick sell, and the card's quick-sell value as its price", async () => {
    // A dashboard showed 40.2K, then 78.9K after one quick-sold card: the balance the game answers
    // was added to the coins as if it were the amount credited.
    const market = firstSearchShows(
      listing({ tradeId: 1, buyNowPrice: 5_000, definitionId: 20_801, discardValue: 650 }),
    );
    const { session, sink } = sessionHarness({
      market,
      filters: [normalFilter({ followUp: { ...normalFilter().followUp, action: 'quick_sell' } })],
      configuration: configuration({ time: { ...quietTime, maxSnipes: 1 } }),
    });
    await session.run();
    expect(market.quickSold).toEqual([1_000_001]);
    expect(sink.ofType('follow-up')[0]).toMatchObject({ placement: 'quick-sold', sellPrice: 650 });
    expect(sink.ofType('account-update').at(-1)).toMatchObject({ coins: 100_000 - 5_000 + 650 });
  });
});

describe('SnipeSession buys what a page held beyond its one Buy Now', () => {
  it('buys the second bargain of a page by its trade id once the search of its cycle is done', async () => {
    const market = firstSearchShows(
      listing({ tradeId: 1, buyNowPrice: 17_000, definitionId: 9 }),
      listing({ tradeId: 2, buyNowPrice: 15_000, definitionId: 9 }),
    );
    const { session } = rareNineSession(market, configuration({ time: { ...quietTime, maxSnipes: 2 } }));
    await session.run();
    // Only the first search showed listing 1: the second Buy Now is by its trade id.
    const bids = market.calls.filter((call) => call.startsWith('bid'));
    expect(bids).toEqual(['bid 2 15000', 'bid 1 17000']);
  });
});

describe('SnipeSession input', () => {
  const harnessWith = (options: Parameters<typeof sessionHarness>[0]) => () => sessionHarness(options);

  it('needs at least one filter', () => {
    expect(harnessWith({ filters: [] })).toThrow(
      new SnipeSetupError('You need to select at least one filter.'),
    );
  });

  it('applies the selection rules before anything is sent', () => {
    expect(
      harnessWith({
        filters: [normalFilter()],
        configuration: configuration({ advanced: { rotation: { isEnabled: true, requests: 5 } } }),
      }),
    ).toThrow(
      'You need at least 2 filters to enable filter rotation. Please disable filter rotation or select more filters.',
    );
    expect(harnessWith({ filters: [normalFilter(), rarityFilter()] })).toThrow(SnipeSetupError);
  });

  it('rejects a bad configuration with its message', () => {
    expect(harnessWith({ configuration: configuration({ advanced: { numOfSearchResults: 0 } }) })).toThrow(
      'Number of search results must be between 1 and 50',
    );
  });
});

describe('SnipeSession events', () => {
  it('keeps running when its event sink fails, and says so', async () => {
    const failures: string[] = [];
    const { session, market } = sessionHarness({
      configuration: configuration({ time: { ...quietTime, maxSearches: 3 } }),
      onEvent: (event) => {
        if (event.type === 'session-upsert') throw new Error('socket closed');
      },
      extra: { onSinkError: (error, event) => failures.push(`${event.type}: ${(error as Error).message}`) },
    });
    expect((await session.run()).reason).toBe('thresholds');
    expect(market.searches).toHaveLength(3);
    expect(failures[0]).toBe('session-upsert: socket closed');
  });
});

describe('SnipeSession breaks and stop', () => {
  it('a stop during a break ends the break at once, then the run', async () => {
    const { session, sink } = sessionHarness({
      configuration: configuration({
        time: {
          duration: timeRange(30, 31, 'minutes'),
          break: { frequency: timeRange(2, 3, 'minutes'), duration: timeRange(5, 6, 'minutes') },
        },
      }),
      onEvent: (event, running) => {
        if (event.type === 'break-start') void running.stop();
      },
    });
    const summary = await session.run();
    const [start] = sink.ofType('break-start');
    const [end] = sink.ofType('break-end');
    expect(summary.reason).toBe('user');
    expect(end?.at).toBe(start?.at);
    expect(sink.events.map((event) => event.type).slice(-5)).toEqual([
      'break-end',
      'notice',
      'account-update',
      'session-upsert',
      'stop',
    ]);
    expect(sink.notices.slice(-2)).toEqual(['Taking a break', 'Break finished, sniping again']);
  });
});

describe('SnipeSession counters', () => {
  it('counts requests and searches from the start of the run, not the client sign-in', async () => {
    const market = new ScriptedMarket();
    await market.credits();
    await market.search({ page: 0 });
    const { session, sink } = sessionHarness({
      market,
      configuration: configuration({ time: { ...quietTime, maxSearches: 3 } }),
    });
    const summary = await session.run();
    expect(market.searches).toHaveLength(4);
    expect(summary).toMatchObject({ searches: 3 });
    expect(sink.ofType('session-upsert')[0]).toMatchObject({ requests: 0, searches: 0 });
  });
});
