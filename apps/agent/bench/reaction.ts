import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { defaultConfiguration, defaultNormalFilter, type Configuration } from '@tradedesk/domain';
import {
  gamePortFromClient,
  searchOfNormalFilter,
  seededRng,
  SnipeSession,
  VirtualClock,
} from '@tradedesk/engine';
import { GameClient } from '@tradedesk/game-client';
import { feedPrices } from '../src/feed-prices.js';
import { admin, gameConfig, quantile } from './sandbox.js';
import { startChildSim } from './sim-process.js';

/** A distribution of reaction times in ms. */
export interface Distribution {
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ReactionResult extends Distribution {
  /**
   * The same-run floor: the game client alone (search, then Buy Now on the first listing, no
   * engine), timed the same way on the same sim. What the machine's load adds shows in both.
   */
  floor: Distribution;
  /** 1-minute load average at the start and the end of the measurement. */
  load: [number, number];
}

function distribution(samples: readonly number[]): Distribution {
  return {
    samples: samples.length,
    p50Ms: quantile(samples, 0.5),
    p90Ms: quantile(samples, 0.9),
    p99Ms: quantile(samples, 0.99),
    maxMs: samples.reduce((max, sample) => Math.max(max, sample), 0),
  };
}

/**
 * Reaction time of a headless session against the sandbox on loopback: from the last byte of the
 * search answer that holds a bargain to the Buy Now request leaving (game-client's timing hooks).
 * The engine's waits run on a virtual clock, so only real work is between the two.
 */
export async function measureReaction(snipes: number): Promise<ReactionResult> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const sim = await startChildSim({
    seed: 3,
    startingCoins: 50_000_000,
    market: { initialListings: 2_000, mispricedShare: 0, rivalCatchShare: 0, humanBuyShare: 0 },
    abuse: { enabled: false, listingVisibilityDelaySeconds: 0 },
  });
  try {
    await admin(sim, '/listings', {
      definitionId: 20_801,
      platform: 'pc',
      buyNowPrice: 150,
      // The engine's snipes, the floor's and a margin.
      count: 2 * snipes + 50,
    });
    let searchAnsweredAt = Number.NaN;
    let samples: number[] = [];
    const client = new GameClient({
      config: gameConfig(sim),
      now: () => performance.now(),
      observer: {
        onResponseReceived: (event) => {
          if (event.path.includes('/transfermarket')) searchAnsweredAt = event.at;
        },
        onRequestSent: (event) => {
          if (event.path.includes('/bid') && !Number.isNaN(searchAnsweredAt)) {
            samples.push(event.at - searchAnsweredAt);
            searchAnsweredAt = Number.NaN;
          }
        },
      },
    });
    await client.signIn({ email: 'reaction@bench.test', password: 'bench', backupCode: 'BENCH123' }, 'pc');
    const base = defaultConfiguration();
    const configuration: Configuration = {
      ...base,
      time: {
        ...base.time,
        maxSnipes: snipes,
        duration: { min: { value: 1_000, unit: 'minutes' }, max: { value: 1_001, unit: 'minutes' } },
      },
      advanced: { ...base.advanced, isHeadlessEnabled: true },
    };
    const filter = {
      ...defaultNormalFilter('Bench'),
      id: 'bench',
      name: 'Cristiano Ronaldo',
      playerId: 20_801,
      maxPrice: 1_000,
      followUp: { ...defaultNormalFilter().followUp, action: 'quick_sell' as const },
    };
    const session = new SnipeSession({
      accountId: 'reaction',
      platform: 'pc',
      filters: [filter],
      configuration,
      game: gamePortFromClient(client),
      prices: feedPrices({ feedsUrl: sim.hosts.feeds }),
      clock: new VirtualClock(Date.now()),
      rng: seededRng(1),
      events: { emit: async () => {} },
    });
    const summary = await session.run();
    if (process.env.BENCH_DEBUG) console.log(summary);
    const ours = samples;
    samples = [];
    const search = {
      ...searchOfNormalFilter(filter, false),
      pageSize: configuration.advanced.numOfSearchResults,
    };
    for (let snipe = 0; snipe < snipes; snipe += 1) {
      const first = (await client.market.search(search)).auctions[0];
      if (first === undefined) break;
      await client.market.bid(first.tradeId, first.buyNowPrice);
      // Quick sold like the engine's follow-up, so the unassigned pile never fills.
      await client.piles.quickSell(first.itemData.id);
    }
    return {
      ...distribution(ours),
      floor: distribution(samples),
      load: [loadAtStart, os.loadavg()[0] ?? 0],
    };
  } finally {
    await sim.close();
  }
}
