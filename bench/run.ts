/**
 * `npm run bench [-- suite ...]`: runs the named benchmark suites (all when none is named).
 * Each suite measures its subject and a baseline side by side in the same run and prints ratios,
 * so figures from different machines are compared by ratio, never by absolute time.
 */
import os from 'node:os';

type Suite = { describe: string; run: () => Promise<void> };

const suites: Record<string, Suite> = {
  sim: {
    describe: 'sandbox game throughput: search and bid requests per second, p99 latency',
    run: async () => {
      const { benchSim } = await import('../apps/game-sim/bench/throughput.js');
      await benchSim();
    },
  },
  engine: {
    describe: 'snipe reaction time inside the engine: ours vs the classic autobuyer loop',
    run: async () => {
      const { benchEngineReaction } = await import('../packages/engine/src/bench/reaction-bench.js');
      await benchEngineReaction();
    },
  },
  trading: {
    describe: 'sniping end to end: reaction time, capture vs classic autobuyer and oracle, density',
    run: async () => {
      const { benchTrading } = await import('../apps/agent/bench/trading.js');
      await benchTrading();
    },
  },
  fleet: {
    describe:
      "one user's 1, 3 and 5 accounts sniping one world: independent runs vs one fleet vs the oracle for K budgets",
    run: async () => {
      const { benchFleet } = await import('../apps/agent/bench/fleet.js');
      await benchFleet();
    },
  },
  rehearsal: {
    describe: '"Rehearse in sandbox": one virtual hour, both sides, vs the classic capture hour in-process',
    run: async () => {
      const { benchRehearsal } = await import('../apps/agent/bench/rehearsal.js');
      await benchRehearsal();
    },
  },
  transfer: {
    describe: 'coin transfers in the sandbox: ours vs buying the first listing at the price (traps, rivals)',
    run: async () => {
      const { benchTransfer } = await import('../apps/agent/bench/transfer.js');
      await benchTransfer();
    },
  },
  prices: {
    describe: 'price database: name search and market pages on PGlite and PostgreSQL, cached vs uncached',
    run: async () => {
      const { benchPrices } = await import('../apps/server/bench/prices.js');
      await benchPrices();
    },
  },
  'first-collection': {
    describe:
      'a fresh embedded database at start: the longest event-loop hold while the catalogue is copied and the first prices collected, statements on turns of their own vs sharing one task',
    run: async () => {
      const { benchFirstCollection } = await import('../apps/server/bench/first-collection.js');
      await benchFirstCollection();
    },
  },
  'run-events': {
    describe:
      "storing sessions' per-cycle events on PostgreSQL: events/s, apply latency, statements per event",
    run: async () => {
      const { benchRunEvents } = await import('../apps/server/bench/run-events.js');
      await benchRunEvents();
    },
  },
  sbc: {
    describe:
      'SBC solver on the standard set (5,000-card pools): ours vs a greedy baseline, proofs of optimality',
    run: async () => {
      const { benchSbc } = await import('../apps/game-sim/bench/sbc.js');
      await benchSbc();
    },
  },
  headful: {
    describe: 'headful sessions: reaction time headful vs headless, memory of one web app window',
    run: async () => {
      const { benchHeadful } = await import('../apps/agent/bench/headful.js');
      await benchHeadful();
    },
  },
  auth: {
    describe:
      'session check (signed-in GET /api/user) and a database read (GET /api/filter) vs anonymous GET /api/app/version, 50 connections; sign-in under a guess flood from 20 addresses',
    run: async () => {
      const { benchAuth } = await import('../apps/server/bench/auth.js');
      await benchAuth();
    },
  },
  web: {
    describe:
      'Lighthouse (mobile) on every public page signed out and the desk pages signed in: scores, LCP, TBT, CLS, JS per page',
    run: async () => {
      const { benchWeb } = await import('../apps/web/bench/lighthouse.js');
      await benchWeb();
    },
  },
  'production-build': {
    describe:
      'the whole product started from the production build with node vs from sources with tsx: start time, memory',
    run: async () => {
      const { benchProductionBuild } = await import('../apps/server/bench/production-build.js');
      await benchProductionBuild();
    },
  },
  cluster: {
    describe:
      'scale-out: 2 servers + 2 agents + PostgreSQL + Redis, 1,000 web sockets and 400 sessions (BENCH_CLUSTER_SOCKETS / _SESSIONS), through four faults, with a profile of each process',
    run: async () => {
      const { benchCluster } = await import('../apps/server/bench/cluster.js');
      await benchCluster();
    },
  },
  'cluster-hosts': {
    describe:
      'the cluster bench on network-namespace hosts (root): nodes, agents, PostgreSQL and Redis each on a host of its own behind HAProxy; faults: a host killed, a host cut off 20 s, Redis killed, PostgreSQL restarted, a rolling restart of every node and agent (BENCH_CLUSTER_SESSIONS / _SOCKETS)',
    run: async () => {
      const { benchCluster } = await import('../apps/server/bench/cluster.js');
      await benchCluster({ hosts: true });
    },
  },
};

async function main(): Promise<void> {
  const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = requested.filter((name) => !(name in suites));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark suite(s): ${unknown.join(', ')}. Known: ${Object.keys(suites).join(', ')}`,
    );
    process.exit(2);
  }
  const names = requested.length > 0 ? requested : Object.keys(suites);
  console.log(`Trade Desk benchmarks on ${os.cpus().length} cores, Node ${process.version}`);
  for (const name of names) {
    const suite = suites[name]!;
    console.log(`\n## ${name}: ${suite.describe}`);
    await suite.run();
  }
}

await main();
