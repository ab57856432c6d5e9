import { defaultConfiguration, defaultNormalFilter, type Configuration } from '@tradedesk/domain';
import { AccountSession } from '../src/account-session.js';
import { feedPrices } from '../src/feed-prices.js';
import { gameConfig, startBenchSim } from './sandbox.js';

export interface DensityResult {
  sessions: number;
  /** Sessions that kept searching at their paced rate (at least half the expected searches). */
  sustained: number;
  searchesPerSecond: number;
  /** Peak growth of the JS heap while the sessions run, per session. */
  heapPerSessionMb: number;
}

/**
 * How many headless sessions one agent process sustains: `count` sessions sign in and search
 * at a fast pace (0.3–0.5 s between searches) for `seconds` on the real clock; the heap is measured
 * before and while they run.
 */
export async function measureDensity(count: number, seconds: number): Promise<DensityResult> {
  const sim = await startBenchSim({
    seed: 5,
    market: { initialListings: 5_000, mispricedShare: 0, rivalCatchShare: 0, humanBuyShare: 0 },
    abuse: { enabled: false },
  });
  try {
    const base = defaultConfiguration();
    const configuration: Configuration = {
      ...base,
      time: {
        ...base.time,
        delay: { min: { value: 300, unit: 'milliseconds' }, max: { value: 500, unit: 'milliseconds' } },
        duration: { min: { value: seconds, unit: 'seconds' }, max: { value: seconds + 1, unit: 'seconds' } },
      },
      advanced: { ...base.advanced, isHeadlessEnabled: true },
    };
    const filter = {
      ...defaultNormalFilter('Density'),
      id: 'density',
      name: 'Cristiano Ronaldo',
      playerId: 20_801,
      maxPrice: 200,
    };
    const prices = feedPrices({ feedsUrl: sim.hosts.feeds });
    global.gc?.();
    // The heap, not RSS: RSS keeps the pages earlier benches of this process freed, so the sessions
    // can grow into them and RSS barely moves (it printed 0.00 MB per session after the captures).
    const heapBefore = process.memoryUsage().heapUsed;
    const searches = new Map<string, number>();
    const sessions = Array.from({ length: count }, (_, index) => {
      const accountId = `density-${index}`;
      return new AccountSession({
        command: {
          leaseId: accountId,
          accountId,
          email: `${accountId}@bench.test`,
          password: 'bench',
          backupCode: 'BENCH123',
          platform: 'pc',
          filters: [filter],
          configuration,
        },
        game: gameConfig(sim),
        prices,
        seed: index,
        send: async (event) => {
          if (event.type === 'session-upsert') searches.set(accountId, event.searches);
        },
      });
    });
    let peakHeap = heapBefore;
    const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 250);
    const started = Date.now();
    await Promise.all(sessions.map((session) => session.run()));
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    const expected = seconds / 0.45 / 2; // half the paced rate, allowing for sign-in and housekeeping
    const counts = [...searches.values()];
    return {
      sessions: count,
      sustained: counts.filter((value) => value >= expected).length,
      searchesPerSecond: counts.reduce((sum, value) => sum + value, 0) / elapsed,
      heapPerSessionMb: (peakHeap - heapBefore) / count / 1024 / 1024,
    };
  } finally {
    await sim.close();
  }
}
