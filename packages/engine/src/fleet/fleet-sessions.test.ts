import { timeRange } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { configuration, listing, normalFilter, ScriptedMarket, sessionHarness } from '../testing/index.js';
import { SharedVirtualClock } from '../time/shared-virtual-clock.js';
import { SnipeFleet } from './fleet.js';

const tenMinutes = configuration({
  time: {
    duration: timeRange(10, 11, 'minutes'),
    break: { frequency: timeRange(30, 31, 'minutes'), duration: timeRange(1, 2, 'minutes') },
  },
});

/** Trade ids an account sent a Buy Now for. */
const bids = (market: ScriptedMarket) =>
  market.calls.filter((call) => call.startsWith('bid')).map((call) => Number(call.split(' ')[1]));

/**
 * Two accounts whose searches show the same bargains (trade ids 1–6, a new one every minute), with
 * the sessions' waits interleaved on one clock; `fleet` makes them one.
 */
async function twoAccounts(options: {
  fleet: boolean;
  showSecondTheFirstsListings?: boolean;
  /** The first account's nth search answers a soft ban. */
  softBanFirstAt?: number;
}) {
  const clock = new SharedVirtualClock(2, { startMs: 1_700_000_000_000 });
  const fleet = options.fleet ? new SnipeFleet(['account-1', 'account-2']) : undefined;
  const minute = () => Math.floor((clock.now() - 1_700_000_000_000) / 60_000);
  const offers = (ids: number[]) => ({
    auctions: ids.map((tradeId) => listing({ tradeId, buyNowPrice: 3_000, definitionId: 20_801 })),
  });
  // Each account's searches drop what that account bought (the game would), not what the other did.
  const upTo = (market: () => ScriptedMarket) => {
    const bought = new Set(bids(market()));
    return Array.from({ length: Math.min(6, minute() + 1) }, (_, index) => index + 1).filter(
      (tradeId) => !bought.has(tradeId),
    );
  };
  const markets: ScriptedMarket[] = [
    new ScriptedMarket({
      coins: 1_000_000,
      onSearch: (_search, index) =>
        index === options.softBanFirstAt ? { errorCode: 512 } : offers(upTo(() => first)),
    }),
    new ScriptedMarket({
      coins: 1_000_000,
      onSearch: () =>
        offers([
          ...upTo(() => second),
          ...(options.showSecondTheFirstsListings === true
            ? first.tradePile.map(({ tradeId }) => tradeId)
            : []),
        ]),
    }),
  ];
  const [first, second] = markets as [ScriptedMarket, ScriptedMarket];
  const filters = [
    normalFilter({
      followUp: {
        ...normalFilter().followUp,
        action: 'list_on_transfer_list',
        startPrice: 9_000,
        buyNowPrice: 9_900,
      },
    }),
  ];
  const runs = markets.map((market, index) => {
    const accountId = `account-${index + 1}`;
    const { session } = sessionHarness({
      market,
      filters,
      configuration: tenMinutes,
      seed: 10 + index,
      extra: { accountId, clock, ...(fleet ? { fleet: fleet.member(accountId) } : {}) },
    });
    return session.run().finally(() => clock.finished());
  });
  const summaries = await Promise.all(runs);
  return Object.assign(markets, { summaries });
}

describe('accounts sniping as a fleet', () => {
  it('never send two Buy Nows for one listing, where two lone accounts race each other', async () => {
    const alone = await twoAccounts({ fleet: false });
    const aloneBids = alone.flatMap(bids);
    expect(new Set(aloneBids).size).toBeLessThan(aloneBids.length);

    const fleet = await twoAccounts({ fleet: true });
    const fleetBids = fleet.flatMap(bids);
    expect(new Set(fleetBids).size).toBe(fleetBids.length);
    expect(new Set(fleetBids)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });

  it('never buy a card another account of the fleet listed, even at a bargain price', async () => {
    // The first account lists what it buys; the second's searches show those listings cheap.
    const markets = await twoAccounts({ fleet: true, showSecondTheFirstsListings: true });
    const [first, second] = [markets[0], markets[1]] as [ScriptedMarket, ScriptedMarket];
    expect(first.calls.some((call) => call.startsWith('list'))).toBe(true);
    const listedByFirst = new Set(first.tradePile.map((auction) => auction.tradeId));
    expect(bids(second).filter((tradeId) => listedByFirst.has(tradeId))).toEqual([]);
  });

  it('go on at their own pace when one account meets a soft ban', async () => {
    const markets = await twoAccounts({ fleet: true, softBanFirstAt: 2 });
    const [banned, other] = markets.summaries;
    expect(banned).toMatchObject({ reason: 'soft-ban', message: 'Encountered soft ban' });
    expect(other?.reason).toBe('execution-time');
    // The other account bought every bargain, the ones that showed after the ban too.
    expect(new Set(bids(markets[1] as ScriptedMarket))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});
