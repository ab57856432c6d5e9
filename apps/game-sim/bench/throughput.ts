import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { startSim, type RunningSim } from '../src/index.js';
import type { SearchCriteria } from '../src/world/market-index.js';
import { signIn } from '../test/helpers.js';

/** What 500 concurrent bot sessions send (about one request per second each). */
const BOT_LOAD_RPS = 500;
const LISTINGS_PER_PLATFORM = 50_000;

export interface SimBenchFigures {
  activeListings: number;
  searchCpuMicros: number;
  search: { requestsPerSecond: number; p99Ms: number; non2xx: number };
  bid: { requestsPerSecond: number; p99Ms: number; non2xx: number };
  botLoadRps: number;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/** The query mix of snipers: one player under a max Buy Now, a rarity in a price band, gold under a price. */
function searchMix(sim: RunningSim): { path: () => string; criteria: () => SearchCriteria } {
  const popular = sim.world.cards.filter((card) => card.quality === 'gold').slice(0, 2_000);
  const prefix = `/ut/game/${sim.gameSegment}/transfermarket?num=21&type=player`;
  const shapes = [
    () => {
      const card = pick(popular);
      return {
        path: `${prefix}&start=0&maskedDefId=${card.baseId}&maxb=${card.baseValue}`,
        criteria: { maskedDefId: card.baseId, maxb: card.baseValue },
      };
    },
    () => {
      const low = 1_000 + Math.floor(Math.random() * 10) * 100;
      return {
        path: `${prefix}&start=20&rarityIds=1&minb=${low}&maxb=2400`,
        criteria: { rarityIds: [1], minb: low, maxb: 2_400 },
      };
    },
    () => {
      const max = 5_000 + Math.floor(Math.random() * 20) * 250;
      return {
        path: `${prefix}&start=0&lev=gold&micr=${150 + Math.floor(Math.random() * 10) * 50}&maxb=${max}`,
        criteria: { lev: 'gold' as const, maxb: max },
      };
    },
  ];
  let current = pick(shapes)();
  return {
    path: () => (current = pick(shapes)()).path,
    criteria: () => current.criteria,
  };
}

function row(name: string, rps: number, p99: number, non2xx: number): string {
  return `| ${name.padEnd(22)} | ${rps.toFixed(0).padStart(9)} | ${p99.toFixed(1).padStart(7)} | ${String(non2xx).padStart(8)} | ${(rps / BOT_LOAD_RPS).toFixed(1).padStart(5)}× |`;
}

/**
 * Starts the sim with the full catalogue and 100,000 active listings (50,000 per platform) and
 * measures search and bid requests per second over loopback HTTP, with p99 latency.
 */
export async function benchSim(
  options: { durationSeconds?: number; connections?: number } = {},
): Promise<SimBenchFigures> {
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 50;
  // No simulated buying during the run, so the stock stays at 100,000 listings while it is measured.
  const sim = await startSim({
    seed: 42,
    market: { initialListings: LISTINGS_PER_PLATFORM, humanBuyShare: 0, rivalCatchShare: 0 },
    abuse: { enabled: false },
  });
  try {
    const sessions = await Promise.all(
      Array.from({ length: 20 }, (_unused, index) =>
        signIn(sim, `bench${index}@example.com`, 'pw', `BENCH${String(index).padStart(3, '0')}`),
      ),
    );
    const sids = sessions.map((session) => session.sid);
    const mix = searchMix(sim);

    const rounds = 3_000;
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      mix.path();
      sim.world.index.search('ps', mix.criteria(), sim.world.now(), 0, 21);
    }
    const searchCpuMicros = ((performance.now() - started) * 1000) / rounds;

    const search = await autocannon({
      url: sim.url,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({ ...request, path: mix.path(), headers: { 'x-ut-sid': pick(sids) } }),
        },
      ],
    });

    const tradeIds = [...sim.world.trades.values()]
      .filter((trade) => trade.platform === 'ps' && trade.state === 'active')
      .map((trade) => trade);
    const bid = await autocannon({
      url: sim.url,
      connections,
      duration,
      requests: [
        {
          method: 'PUT',
          setupRequest: (request) => {
            const trade = pick(tradeIds);
            return {
              ...request,
              path: `/ut/game/${sim.gameSegment}/trade/${trade.tradeId}/bid`,
              headers: { 'x-ut-sid': pick(sids), 'content-type': 'application/json' },
              body: JSON.stringify({ bid: trade.startingBid }),
            };
          },
        },
      ],
    });

    const figures: SimBenchFigures = {
      activeListings: sim.world.index.activeCount('ps') + sim.world.index.activeCount('pc'),
      searchCpuMicros,
      search: {
        requestsPerSecond: search.requests.average,
        p99Ms: search.latency.p99,
        non2xx: search.non2xx,
      },
      bid: { requestsPerSecond: bid.requests.average, p99Ms: bid.latency.p99, non2xx: bid.non2xx },
      botLoadRps: BOT_LOAD_RPS,
    };
    console.log(
      `Active listings: ${figures.activeListings}; index search CPU: ${searchCpuMicros.toFixed(1)} µs per query (in-process)`,
    );
    console.log(`${connections} connections, ${duration} s each, loopback HTTP`);
    console.log('| endpoint               |     req/s | p99 ms  |  non-2xx | vs 500 bots |');
    console.log('|------------------------|-----------|---------|----------|-------------|');
    console.log(
      row(
        'GET transfermarket',
        figures.search.requestsPerSecond,
        figures.search.p99Ms,
        figures.search.non2xx,
      ),
    );
    console.log(
      row('PUT trade/{id}/bid', figures.bid.requestsPerSecond, figures.bid.p99Ms, figures.bid.non2xx),
    );
    console.log(
      '(bid non-2xx are expected: outbid / already sold answers 461/478, which exercise the same path)',
    );
    return figures;
  } finally {
    await sim.close();
  }
}
