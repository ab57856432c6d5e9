import { performance } from 'node:perf_hooks';
import { timeRange, type NormalFilter, type SnipeFilter } from '@tradedesk/domain';
import { SnipeSession } from '../session/snipe-session.js';
import { configuration, normalFilter } from '../testing/fixtures.js';
import { listing } from '../testing/listings.js';
import { ScriptedMarket } from '../testing/scripted-market.js';
import { StaticPrices } from '../testing/static-prices.js';
import { VirtualClock } from '../time/clock.js';
import { seededRng } from '../time/rng.js';
import { ClassicAutobuyer } from './classic-autobuyer.js';
import { quantile, withReactionProbe } from './reaction-probe.js';

export interface ReactionFigures {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * Runs `searches` searches of one strategy against a full page (20 listings, a bargain at a
 * random place) on virtual time, measuring real CPU time from search answer to Buy Now.
 */
export async function measureReaction(
  searches: number,
  strategyFor?: (filter: SnipeFilter) => ClassicAutobuyer,
): Promise<ReactionFigures> {
  const rng = seededRng(2026);
  const market = new ScriptedMarket({
    coins: 1_000_000_000,
    onSearch: (_search, index) => {
      const bargainAt = Math.floor(rng() * 20);
      return {
        auctions: Array.from({ length: 20 }, (_, slot) =>
          listing({
            tradeId: index * 20 + slot + 1,
            buyNowPrice: slot === bargainAt ? 5_000 : 14_000,
            definitionId: 20_801,
          }),
        ),
        hasNextPage: true,
      };
    },
  });
  const probe = withReactionProbe(market, () => performance.now());
  const session = new SnipeSession({
    accountId: 'bench',
    platform: 'pc',
    filters: [normalFilter()],
    configuration: configuration({
      time: { maxSearches: searches, duration: timeRange(1_000, 1_001, 'minutes') },
    }),
    game: probe.game,
    prices: new StaticPrices(),
    clock: new VirtualClock(),
    rng: seededRng(7),
    events: { emit: async () => {} },
    ...(strategyFor === undefined ? {} : { strategyFor }),
  });
  await session.run();
  return {
    samples: probe.samples.length,
    p50Ms: quantile(probe.samples, 0.5),
    p99Ms: quantile(probe.samples, 0.99),
  };
}

/** Prints the engine's reaction time next to the classic autobuyer's, measured in the same run. */
export async function benchEngineReaction(searches = 2_000): Promise<void> {
  const engine = await measureReaction(searches);
  const classic = await measureReaction(searches, (filter) => new ClassicAutobuyer(filter as NormalFilter));
  const format = (figures: ReactionFigures) =>
    `p50 ${figures.p50Ms.toFixed(3)} ms, p99 ${figures.p99Ms.toFixed(3)} ms over ${figures.samples} buys`;
  console.log(`engine reaction (search answer → Buy Now): ${format(engine)} (target p99 ≤ 2 ms)`);
  console.log(`classic autobuyer reaction:               ${format(classic)}`);
  console.log(`ratio p99 classic / engine: ${(classic.p99Ms / engine.p99Ms).toFixed(2)}`);
}
