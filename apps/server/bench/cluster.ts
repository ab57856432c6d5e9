/**
 * `npm run bench -- cluster`: 2 server nodes behind HAProxy + 2 stand-alone agents +
 * PostgreSQL + Redis on loopback, with many web sockets and running sandbox sessions, through four
 * faults: an agent killed, a server node killed, Redis restarted, PostgreSQL cut off. Prints the
 * sessions sustained, purchases recorded vs the sandbox ledger's (0 lost, 0 doubled), the time to
 * recover from each fault and whether every event reached only its own user.
 *
 * Scale with BENCH_CLUSTER_SESSIONS (default 400) and BENCH_CLUSTER_SOCKETS (default 1,000), the
 * issue's figures; BENCH_CLUSTER_FAULTS=none stops after the start and the steady state (then the
 * ledger check). PostgreSQL's backends are sampled every second (db-sampler.ts). The shared
 * PostgreSQL is DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), where a database of
 * its own is created and dropped.
 * Redis is a redis-server of its own on a free port. Every process's CPU, memory and event-loop
 * delay are printed as a profile; BENCH_CLUSTER_CPU_PROF=<dir> also writes V8 CPU profiles of the
 * server nodes and agents there; BENCH_CLUSTER_STALL_PROF=<dir> profiles them all the time and keeps
 * each 5 s slice in which an event loop stalled past 500 ms.
 *
 * `npm run bench -- cluster-hosts` (root) runs the same on network-namespace hosts: a host each for
 * PostgreSQL (a server of its own), Redis, both nodes and both agents, every process the production
 * build with node as the images run it, HAProxy, the sandbox game and the browsers on the bridge;
 * the faults then include a host cut off for 20 s and a rolling restart (see `benchCluster`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultConfiguration, defaultNormalFilter, type Configuration } from '@tradedesk/domain';
import { startSim, type RunningSim } from '@tradedesk/game-sim';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { freePort, startCluster, type Cluster } from '../src/cluster/cluster.js';
import { stickyCookie } from '../src/cluster/haproxy.js';
import { openPostgres } from '../src/db/client.js';
import { snipeMessages } from '../src/modules/snipe/messages.js';
import { startDbSampler } from './db-sampler.js';
import { startHostPostgres, startHostRedis } from './host-services.js';
import { createHosts } from './netns-hosts.js';
import { startProcessSampler } from './process-sampler.js';
import { startCuttableProxy } from './tcp-proxy.js';

const SESSIONS = Number(process.env.BENCH_CLUSTER_SESSIONS ?? 400);
const SOCKETS = Number(process.env.BENCH_CLUSTER_SOCKETS ?? 1_000);
const CPU_PROFILE_DIR = process.env.BENCH_CLUSTER_CPU_PROF;
/** `none` skips the faults: the start, the steady state and the ledger check only. */
const FAULTS = process.env.BENCH_CLUSTER_FAULTS !== 'none';
/** BENCH_CLUSTER_FAULTS=rolling (hosts): only the rolling restart, BENCH_CLUSTER_ROLLS times (default 1). */
const ONLY_ROLLING = process.env.BENCH_CLUSTER_FAULTS === 'rolling';
const ROLLS = Number(process.env.BENCH_CLUSTER_ROLLS ?? 1);
/** Profiles every node and agent all the time and keeps the 5 s slices whose event loop stalled. */
const STALL_PROFILE_DIR = process.env.BENCH_CLUSTER_STALL_PROF;
/** The hosts' namespace prefix and subnet, so two benches on one machine do not meet. */
const NETNS_PREFIX = process.env.BENCH_CLUSTER_NETNS_PREFIX ?? 'tdh';
const NETNS_SUBNET = Number(process.env.BENCH_CLUSTER_NETNS_SUBNET ?? 88);
/** A trader with a few accounts and a few tabs open: 100 users, 10 sockets each at the defaults. */
const ACCOUNTS_PER_USER = 4;
/** How many set-up requests (users, accounts) are in flight at once. */
const SETUP_CONCURRENCY = 10;
const SIM_ADMIN_KEY = 'bench-cluster-admin';
/** Every wait of the bench ends by this limit: a fault the cluster does not recover from is reported. */
const RECOVERY_LIMIT_MS = 120_000;
/** Starting every run signs each account in to the sandbox: allowed a second per session here. */
const START_LIMIT_MS = Math.max(RECOVERY_LIMIT_MS, SESSIONS * 1_000);
const loopProbe = path.join(path.dirname(new URL(import.meta.url).pathname), 'loop-probe.mjs');
const RONALDO = 20_801;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Set-up steps are tried up to 5 times: on a machine this loaded a request may fail for want of
 * a database connection, which says nothing about the figures the bench measures.
 */
async function retried<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 5) throw error;
      console.log(`${what} failed (${error instanceof Error ? error.message : String(error)}); trying again`);
      await sleep(1_000 * attempt);
    }
  }
}

/** Runs `task` for each item, at most `concurrency` at a time, answering the results in order. */
async function inBatches<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += concurrency)
    results.push(
      ...(await Promise.all(
        items.slice(start, start + concurrency).map((item, offset) => task(item, start + offset)),
      )),
    );
  return results;
}

/** Polls until `probe` holds; answers the time it took, or undefined when the limit passed. */
async function timeUntil(probe: () => Promise<boolean> | boolean, limitMs = RECOVERY_LIMIT_MS) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    await sleep(200);
  }
  return undefined;
}

/** Errors the server answered to the bench's actions (start, stop), by description. */
const actionErrors = new Map<string, number>();

interface BenchUser {
  id: string;
  username: string;
  cookie: string;
  accountIds: string[];
  filter: unknown;
}

interface WebClient {
  user: BenchUser;
  socket: Socket;
  /** Account ids named by the messages this socket received. */
  seenAccounts: Set<string>;
}

class Http {
  constructor(
    private readonly base: string,
    private readonly cookie = '',
  ) {}
  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      response,
    };
  }
}

/** The product's default pacing (a search every 1.5–3.5 s), headless. */
function benchConfiguration(): Configuration {
  const base = defaultConfiguration();
  return { ...base, advanced: { ...base.advanced, isHeadlessEnabled: true } };
}

async function createUser(base: string, index: number): Promise<BenchUser> {
  const anonymous = new Http(base);
  const username = `bench_${index}_${randomBytes(3).toString('hex')}`;
  const created = await anonymous.call(
    'POST',
    '/api/sandbox/users',
    {
      username,
      tier: 'Snipe',
      // One more for the cross-node probe's spare account.
      maxAccounts: ACCOUNTS_PER_USER + 1,
    },
    { 'x-sim-admin-key': SIM_ADMIN_KEY },
  );
  if (created.status >= 300)
    throw new Error(`sandbox user: ${created.status} ${JSON.stringify(created.body)}`);
  const token = (created.body.data as { token: string }).token;
  const signIn = await anonymous.call('POST', '/api/auth/token', {
    username,
    token,
    fingerprint: `fp-${username}`,
    isIFrame: false,
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  // Browsers land on both nodes: each user is pinned to one by the balancer's cookie, in turn.
  const cookie = [
    ...signIn.response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .filter((pair) => !pair.startsWith(`${stickyCookie}=`)),
    `${stickyCookie}=node-${(index % 2) + 1}`,
  ].join('; ');
  const http = new Http(base, cookie);
  const me = await http.call('GET', '/api/user');
  const { id: _unsaved, ...filter } = {
    ...defaultNormalFilter('Ronaldo under 1k'),
    name: 'Cristiano Ronaldo',
    playerId: RONALDO,
    minPrice: 0,
    maxPrice: 1_000,
  };
  const savedFilter = await http.call('POST', '/api/filter', filter);
  if (savedFilter.status !== 200) throw new Error(`filter: ${savedFilter.status}`);
  return {
    id: (me.body.data as { id: string }).id,
    username,
    cookie,
    accountIds: [],
    filter: savedFilter.body.data,
  };
}

function openWebClient(base: string, user: BenchUser): Promise<WebClient> {
  const socket = io(base, {
    path: '/client/snipe',
    auth: { clientType: 'web' },
    extraHeaders: { cookie: user.cookie },
    // A browser upgrades to WebSocket after its first polls; the bench's clients start there.
    transports: ['websocket'],
    reconnectionDelayMax: 2_000,
    forceNew: true,
  });
  const client: WebClient = { user, socket, seenAccounts: new Set() };
  socket.on('message', (message: { action: string; data: { id?: string; accountId?: string } }) => {
    if (message.action === 'update-account' && message.data.id) client.seenAccounts.add(message.data.id);
    if (message.data && typeof message.data.accountId === 'string')
      client.seenAccounts.add(message.data.accountId);
  });
  socket.on('connect', () => socket.emit('join'));
  socket.on('error', (error: { description?: string }) => {
    const description = error?.description ?? 'unknown';
    actionErrors.set(description, (actionErrors.get(description) ?? 0) + 1);
  });
  // A refused connection is tried again by the client itself; only a socket still silent after
  // the recovery limit fails the bench.
  return new Promise((resolve, reject) => {
    const silent = setTimeout(() => {
      socket.disconnect();
      reject(new Error(`a web socket got no answer within ${seconds(RECOVERY_LIMIT_MS)}`));
    }, RECOVERY_LIMIT_MS);
    socket.once('message', () => {
      clearTimeout(silent);
      resolve(client);
    });
  });
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  return timeUntil(async () => {
    const { Redis } = await import('ioredis');
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {}); // refused until redis-server listens: that is what is polled
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } finally {
      probe.disconnect();
    }
  }, 20_000).then(() => child);
}

/**
 * `hosts`: every node, agent, PostgreSQL and Redis on a network-namespace host of its own
 * (netns-hosts.ts), HAProxy, the sandbox game and the browsers on the bridge; the faults are then
 * a host's processes killed, a host cut off for 20 s, Redis killed, PostgreSQL restarted and a
 * rolling restart (SIGTERM) of every node and agent, one at a time.
 */
export async function benchCluster(options: { hosts?: boolean } = {}) {
  const netns = options.hosts
    ? createHosts(['db', 'redis', 'node-1', 'node-2', 'agent-1', 'agent-2'], NETNS_PREFIX, NETNS_SUBNET)
    : undefined;
  const hostPg = netns ? await startHostPostgres(netns, 'db') : undefined;
  const adminUrl = hostPg?.adminUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new URL(adminUrl);
  const databaseName = `td_cluster_bench_${randomBytes(4).toString('hex')}`;
  const logFile = path.join(os.tmpdir(), `${databaseName}.log`);
  const log = createWriteStream(logFile);
  const [load1] = os.loadavg();
  console.log(
    `${netns ? 'network-namespace hosts: ' : ''}${SESSIONS} sessions, ${SOCKETS} web sockets; machine load before the run: ${load1!.toFixed(1)} on ${os.cpus().length} cores; process output in ${logFile}`,
  );

  const adminClient = new pg.Client({ connectionString: adminUrl });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${databaseName}`);
  await adminClient.end();
  const direct = new URL(adminUrl);
  direct.pathname = `/${databaseName}`;
  // On loopback PostgreSQL is cut off through a proxy; on hosts it is restarted on its own host.
  const pgProxy = netns
    ? undefined
    : await startCuttableProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
  const clusterUrl = new URL(direct);
  if (pgProxy) {
    clusterUrl.hostname = '127.0.0.1';
    clusterUrl.port = String(pgProxy.port);
  }
  const migrated = openPostgres(direct.toString());
  await migrated.migrate();
  await migrated.close();
  // The bench reads the cluster's rows straight from PostgreSQL, around the proxy it cuts.
  const observer = new pg.Pool({
    connectionString: direct.toString(),
    max: 2,
    application_name: 'bench-observer',
  });
  // A restart of PostgreSQL ends the idle connections too: the pool opens new ones.
  observer.on('error', () => {});
  /**
   * The nodes' database pool failures by kind, as their log lines say: a query that waited 5 s for
   * one of the pool's connections (all checked out), or a new connection the database did not
   * accept within 5 s.
   */
  const poolFailures = new Map<string, { count: number; first: Date; last: Date }>();
  const poolFailureKinds = {
    'timeout exceeded when trying to connect': 'waited 5 s for a free pool connection',
    'Connection terminated due to connection timeout': 'a new connection not accepted within 5 s',
  } as const;
  const notePoolFailure = (name: string, line: string) => {
    for (const [text, kind] of Object.entries(poolFailureKinds)) {
      if (!line.includes(text)) continue;
      const key = `${name}: ${kind}`;
      const now = new Date();
      const seen = poolFailures.get(key);
      if (seen) {
        seen.count += 1;
        seen.last = now;
      } else poolFailures.set(key, { count: 1, first: now, last: now });
    }
  };

  const redisPort = await freePort();
  let loopbackRedis: ChildProcess | undefined;
  const redis = netns
    ? await startHostRedis(netns, 'redis')
    : {
        url: `redis://127.0.0.1:${redisPort}`,
        start: async () => {
          loopbackRedis = await startRedis(redisPort);
        },
        kill: async () => {
          loopbackRedis?.kill('SIGKILL');
        },
      };
  if (!netns) await redis.start();
  // A quiet sandbox: no rival bots or human buyers and no abuse rules, so every buy is ours and
  // sessions run until stopped; the bench plants the cheap listings the sessions buy.
  const sim: RunningSim = await startSim({
    port: 0,
    ...(netns ? { host: netns.bridgeAddress } : {}),
    seed: 7,
    adminKey: SIM_ADMIN_KEY,
    market: { initialListings: 300, mispricedShare: 0, rivalCatchShare: 0, humanBuyShare: 0 },
    abuse: { enabled: false, listingVisibilityDelaySeconds: 0 },
  });
  let cluster: Cluster | undefined;
  const clients: WebClient[] = [];
  let planting: NodeJS.Timeout | undefined;
  const sampler = startProcessSampler(() => [
    { name: 'bench (web clients, sandbox game)', pid: process.pid },
    ...(cluster ? [...cluster.servers, ...cluster.agents] : []).map((part) => ({
      name: part.name,
      pid: part.pid(),
    })),
  ]);
  // Every server node and agent reports its event-loop delay (and writes a CPU profile when asked).
  const probeEnv = {
    NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', `--import ${loopProbe}`].join(' ').trim(),
    ...(CPU_PROFILE_DIR === undefined ? {} : { BENCH_CPU_PROFILE_DIR: path.resolve(CPU_PROFILE_DIR) }),
    ...(STALL_PROFILE_DIR === undefined ? {} : { BENCH_STALL_PROFILE_DIR: path.resolve(STALL_PROFILE_DIR) }),
  };
  const benchStarted = Date.now();
  let dbSampler: ReturnType<typeof startDbSampler> | undefined;
  try {
    dbSampler = startDbSampler({ url: direct.toString(), database: databaseName, log });
    cluster = await startCluster({
      databaseUrl: clusterUrl.toString(),
      redisUrl: redis.url,
      servers: 2,
      agents: 2,
      agentCapacity: SESSIONS,
      port: 0,
      firstServerPort: 0,
      simPort: 0,
      simUrl: sim.url,
      secretKey: randomBytes(32).toString('hex'),
      serverEnv: {
        // Info: each agent's (re)connect, its first stored beat, the drain and the lost-rule's verdicts.
        LOG_LEVEL: 'info',
        // The nodes' sandbox user route wants the key too (header x-sim-admin-key).
        SIM_ADMIN_KEY,
        DATA_DIR: path.join(os.tmpdir(), databaseName),
        ...probeEnv,
      },
      agentEnv: probeEnv,
      ...(netns
        ? {
            hosts: {
              wrap: netns.wrap,
              address: (name: string) => netns.get(name).address,
              balancerHost: netns.bridgeAddress,
            },
          }
        : {}),
      balancerAccessLog: true,
      output: (name, line) => {
        sampler.line(name, line);
        notePoolFailure(name, line);
        // The time the bench read it: agents' and HAProxy's lines beside the nodes' (JSON, timed).
        log.write(`${new Date().toISOString()} [${name}] ${line}\n`);
      },
    });
    console.log(`cluster started in ${seconds(Date.now() - benchStarted)}`);
    const base = cluster.balancer.url;
    const nodeUrls = cluster.servers.map(
      (server) => `http://${netns?.get(server.name).address ?? '127.0.0.1'}:${server.port}`,
    );

    // Users, accounts and web sockets (spread over the users, each through the balancer).
    const userCount = Math.max(2, Math.ceil(SESSIONS / ACCOUNTS_PER_USER));
    const setupStarted = Date.now();
    const users = await inBatches(
      Array.from({ length: userCount }, (_, index) => index),
      SETUP_CONCURRENCY,
      (index) => retried('a sandbox user', () => createUser(base, index)),
    );
    await inBatches(
      Array.from({ length: SESSIONS }, (_, index) => index),
      SETUP_CONCURRENCY,
      async (index) => {
        const user = users[index % userCount]!;
        const created = await retried('an account', async () => {
          const answer = await new Http(base, user.cookie).call('POST', '/api/account', {
            email: `${user.username}.${index}@bench.example`,
            password: 'sandbox-password',
            backupCode: 'ABCD1234',
            platform: 'pc',
            isManualLogin: false,
          });
          if (answer.status >= 300)
            throw new Error(`account: ${answer.status} ${JSON.stringify(answer.body)}`);
          return answer;
        });
        user.accountIds.push((created.body.data as { id: string }).id);
      },
    );
    console.log(
      `${userCount} users and ${SESSIONS} accounts created in ${seconds(Date.now() - setupStarted)}`,
    );
    const socketsStarted = Date.now();
    for (let index = 0; index < SOCKETS; index += 50)
      clients.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, SOCKETS - index) }, (_, offset) =>
            openWebClient(base, users[(index + offset) % userCount]!),
          ),
        )),
      );
    console.log(`${clients.length} web sockets open in ${seconds(Date.now() - socketsStarted)}`);

    const statusCounts = async () => {
      const { rows } = await observer.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM accounts GROUP BY status',
      );
      return Object.fromEntries(rows.map((row) => [row.status, row.n])) as Record<string, number>;
    };
    /** Each account's searches in its current session. */
    const searchesByAccount = async () => {
      const { rows } = await observer.query<{ id: string; searches: number }>(
        'SELECT id, session_searches AS searches FROM accounts',
      );
      return new Map(rows.map((row) => [row.id, row.searches]));
    };
    /**
     * Over 15 s: how many sessions made a search (the run is alive, not just marked Active), the
     * searches per second, the cluster's PostgreSQL connections and each agent's memory per session.
     */
    const measureSteadyState = async (profile: boolean) => {
      const windowMs = 15_000;
      // SIGUSR2 starts and then writes loop-probe.mjs's CPU profile of each node and agent.
      const toggleProfiles = () => {
        if (!profile || CPU_PROFILE_DIR === undefined) return;
        for (const part of [...cluster!.servers, ...cluster!.agents]) {
          const pid = part.pid();
          if (pid !== undefined) process.kill(pid, 'SIGUSR2');
        }
      };
      const before = await searchesByAccount();
      toggleProfiles();
      await sleep(windowMs);
      toggleProfiles();
      const after = await searchesByAccount();
      let advancing = 0;
      let searches = 0;
      for (const [id, count] of after) {
        const earlier = before.get(id) ?? 0;
        if (count > earlier) advancing += 1;
        searches += Math.max(0, count - earlier);
      }
      const { rows } = await observer.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name <> 'bench-observer'",
        [databaseName],
      );
      const perSession = await Promise.all(
        cluster!.agents.map(async (agent) => {
          const sessions = await leasesOf(agent.name);
          const rss = sampler.rssMb(agent.pid());
          return { agent: agent.name, sessions, rssMb: rss ?? 0 };
        }),
      );
      return {
        advancing,
        searchesPerSecond: searches / (windowMs / 1000),
        connections: rows[0]!.n,
        perSession,
      };
    };
    const leaseCount = async () =>
      (
        await observer.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running'",
        )
      ).rows[0]!.n;
    const leasesOf = async (agentId: string) =>
      (
        await observer.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running' AND agent_id = $1",
          [agentId],
        )
      ).rows[0]!.n;

    const startRuns = async (accountIds: Array<{ user: BenchUser; accountId: string }>) => {
      for (const { user, accountId } of accountIds) {
        const client = clients.find((candidate) => candidate.user === user)!;
        client.socket.emit('message', {
          action: 'snipe-create-browser',
          data: {
            id: accountId,
            email: 'ignored@bench.example',
            password: 'not-the-stored-one',
            backupCode: 'XXXXXXXX',
            platform: 'pc',
            isManualLogin: false,
            filters: [user.filter],
            configuration: benchConfiguration(),
            providers: { discordId: '', discordWebhookUrl: '', telegramId: '' },
            isSwitchFilter: false,
          },
        });
        // Ten starts a second: a burst of hundreds would measure the start queue, not the runs.
        await sleep(100);
      }
    };
    const allRuns = users.flatMap((user) => user.accountIds.map((accountId) => ({ user, accountId })));
    const runsStarted = Date.now();
    await startRuns(allRuns);
    const toActive = await timeUntil(
      async () => ((await statusCounts()).active ?? 0) >= SESSIONS,
      START_LIMIT_MS,
    );
    console.log(
      `${SESSIONS} sessions ${toActive === undefined ? `NOT all active (${JSON.stringify(await statusCounts())})` : `active in ${seconds(Date.now() - runsStarted)}`}`,
    );

    // Cheap listings for the sessions to buy, all through the run (and its faults).
    let planted = 0;
    planting = setInterval(() => {
      void fetch(`${sim.url}/admin/listings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sim-admin-key': SIM_ADMIN_KEY },
        body: JSON.stringify({
          definitionId: RONALDO,
          platform: 'pc',
          buyNowPrice: 450,
          durationSeconds: 3600,
        }),
      }).then((response) => {
        if (response.status === 201) planted += 1;
      });
    }, 250);
    await sleep(10_000);
    const steady = await measureSteadyState(true);
    console.log(
      `steady state: ${steady.advancing}/${SESSIONS} sessions searching, ${steady.searchesPerSecond.toFixed(0)} searches/s, ${steady.connections} PostgreSQL connections`,
    );

    const recoveries: Array<[string, string]> = [];
    /** When each fault began (wall clock): a purchase the ledger has and the cluster lacks is placed by it. */
    const begins = (fault: string) => console.log(`${new Date().toISOString()} fault: ${fault}`);
    const note = (fault: string, ms: number | undefined, what: string) =>
      recoveries.push([
        fault,
        ms === undefined ? `not within ${seconds(RECOVERY_LIMIT_MS)} (${what})` : `${seconds(ms)} (${what})`,
      ]);

    // BENCH_CLUSTER_FAULTS=none: the start and the steady state only (what the database does while
    // hundreds of runs start), then the ledger check.
    let probeClients: WebClient[] = [];
    if (FAULTS && !ONLY_ROLLING) {
      begins('agent host killed');
      // 1. An agent is killed: its runs end Error with the agent-lost description, the others run on.
      const lostAgent = cluster.agents[0]!;
      const itsRuns = await leasesOf(lostAgent.name);
      // The runs that were going (all of them, unless the start fell short): the level to get back to.
      const runningBefore = (await statusCounts()).active ?? 0;
      // On hosts: every process of the agent's host.
      if (netns) netns.killAll(lostAgent.name);
      else await lostAgent.kill();
      const reclaimed = await timeUntil(async () => (await leasesOf(lostAgent.name)) === 0);
      const { rows: lostRows } = await observer.query<{ id: string; description: string }>(
        "SELECT id, description FROM accounts WHERE status = 'error'",
      );
      note(
        netns ? "agent host's processes killed" : 'agent killed',
        reclaimed,
        `${itsRuns} runs ended Error, ${lostRows.filter((row) => row.description === snipeMessages.agentLost).length} with the agent-lost description`,
      );
      await lostAgent.restart();
      const restartFrom = Date.now();
      await startRuns(allRuns.filter(({ accountId }) => lostRows.some((row) => row.id === accountId)));
      note(
        'agent back, lost runs started again',
        await timeUntil(async () => ((await statusCounts()).active ?? 0) >= runningBefore).then((ms) =>
          ms === undefined ? undefined : Date.now() - restartFrom,
        ),
        `${runningBefore} sessions active again, as before the fault`,
      );
      await sleep(5_000);

      begins('server node killed');
      // 2. A server node is killed: its agents and browsers reconnect through the balancer. It has
      // recovered when every socket that dropped is back and every run has beaten since the kill.
      const lostNode = cluster.servers[0]!;
      const activeBefore = (await statusCounts()).active ?? 0;
      const dropped = new Set<WebClient>();
      for (const client of clients) client.socket.once('disconnect', () => dropped.add(client));
      const killedAt = new Date();
      if (netns) netns.killAll(lostNode.name);
      else await lostNode.kill();
      const nodeRecovered = await timeUntil(async () => {
        const { rows } = await observer.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running' AND heartbeat_at < $1",
          [killedAt],
        );
        return (
          dropped.size > 0 && [...dropped].every((client) => client.socket.connected) && rows[0]!.n === 0
        );
      });
      const stillRunning = (await statusCounts()).active ?? 0;
      note(
        netns ? "server node host's processes killed" : 'server node killed',
        nodeRecovered,
        `${dropped.size} web sockets moved to the other node; ${stillRunning}/${activeBefore} runs kept`,
      );
      await lostNode.restart();
      await sleep(5_000);
    }
    if (FAULTS) {
      /** Runs that have not beaten since `since` (their agent has not said it runs them since). */
      const silentSince = async (since: Date) =>
        (
          await observer.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM runs WHERE kind = 'snipe' AND status = 'running' AND heartbeat_at < $1",
            [since],
          )
        ).rows[0]!.n;
      /**
       * Waits until `level` runs are Active and every run beat since `since`; a run that ended Error
       * meanwhile is started again by its user (the bench), once. Answers the time and the restarts.
       */
      const backToLevel = async (level: number, since: Date) => {
        const from = Date.now();
        const restarted = new Set<string>();
        const ms = await timeUntil(async () => {
          const { rows } = await observer.query<{ id: string }>(
            "SELECT id FROM accounts WHERE status = 'error'",
          );
          const again = rows.filter((row) => !restarted.has(row.id));
          for (const row of again) restarted.add(row.id);
          if (again.length > 0)
            await startRuns(allRuns.filter(({ accountId }) => again.some((row) => row.id === accountId)));
          return ((await statusCounts()).active ?? 0) >= level && (await silentSince(since)) === 0;
        });
        return { ms: ms === undefined ? undefined : Date.now() - from, restarted: restarted.size };
      };

      if (!ONLY_ROLLING) {
        begins('agent host cut off');
        // 2b (hosts). An agent's host is cut off for 20 s (its link down, then up): a partition.
        if (netns) {
          const cutHost = cluster.agents[1]!;
          const level = (await statusCounts()).active ?? 0;
          const itsRunsBefore = await leasesOf(cutHost.name);
          netns.linkDown(cutHost.name);
          await sleep(20_000);
          netns.linkUp(cutHost.name);
          const back = await backToLevel(level, new Date());
          note(
            'agent host cut off for 20 s, then back',
            back.ms,
            `it held ${itsRunsBefore} runs; ${back.restarted} ended Error and were started again; ${level} runs Active again, all beating`,
          );
        }

        // A cross-node probe: stopping a spare (never started) account of one user on node 2 must
        // reach that user's socket on node 1 (through Redis).
        const probeUser = users[0]!;
        const spare = await new Http(base, probeUser.cookie).call('POST', '/api/account', {
          email: `${probeUser.username}.spare@bench.example`,
          password: 'sandbox-password',
          backupCode: 'ABCD1234',
          platform: 'pc',
          isManualLogin: false,
        });
        const spareId = (spare.body.data as { id: string }).id;
        probeUser.accountIds.push(spareId);
        probeClients = await Promise.all(nodeUrls.map((url) => openWebClient(url, probeUser)));
        const crossNodeDelivered = async () => {
          let heard = false;
          const listener = (message: { action: string; data: { id?: string } }) => {
            if (message.action === 'update-account' && message.data.id === spareId) heard = true;
          };
          probeClients[0]!.socket.on('message', listener);
          probeClients[1]!.socket.emit('message', { action: 'snipe-stop', data: { id: spareId } });
          await sleep(1_000);
          probeClients[0]!.socket.off('message', listener);
          return heard;
        };
        console.log(
          `cross-node delivery before the Redis restart: ${(await crossNodeDelivered()) ? 'yes' : 'NO'}`,
        );

        begins('Redis killed');
        // 3. Redis restarts: events between the nodes pause, nothing else does.
        await redis.kill();
        const redisDownAt = Date.now();
        await sleep(3_000);
        await redis.start();
        const redisBack = await timeUntil(crossNodeDelivered);
        note(
          netns ? 'Redis killed (3 s down, then a new one on its host)' : 'Redis restarted (3 s down)',
          redisBack === undefined ? undefined : Date.now() - redisDownAt - 3_000,
          'events reach browsers on the other node again',
        );

        begins('PostgreSQL restarted');
        // 4. PostgreSQL is cut off for 5 s: requests fail meanwhile, no run is taken for lost.
        const activeBeforeCut = (await statusCounts()).active ?? 0;
        const pgDownAt = Date.now();
        if (hostPg) await hostPg.restart();
        else {
          pgProxy!.cut();
          await sleep(5_000);
          pgProxy!.restore();
        }
        const pgDownMs = Date.now() - pgDownAt;
        const pgBack = await timeUntil(
          async () => (await new Http(base, users[0]!.cookie).call('GET', '/api/filter')).status === 200,
        );
        await sleep(12_000);
        const activeAfterCut = (await statusCounts()).active ?? 0;
        note(
          hostPg
            ? `PostgreSQL restarted on its host (fast shutdown, ${seconds(pgDownMs)} down)`
            : 'PostgreSQL cut off (5 s)',
          pgBack,
          `reads answer again; ${activeAfterCut}/${activeBeforeCut} runs kept`,
        );
      }

      // 5 (hosts). A rolling restart: every node, then every agent, stopped with SIGTERM as an
      // orchestrator does and started again, one at a time, each after the runs are back.
      if (netns) {
        const rounds = Array.from({ length: ROLLS }, (_, round) =>
          ROLLS > 1 ? ` (round ${round + 1})` : '',
        );
        for (const [round, part] of rounds.flatMap((round) =>
          [...cluster!.servers, ...cluster!.agents].map((part) => [round, part] as const),
        )) {
          const level = (await statusCounts()).active ?? 0;
          const stoppedAt = Date.now();
          begins(`rolling restart: ${part.name}${round}`);
          await part.stop();
          await part.restart();
          const back = await backToLevel(level, new Date(stoppedAt));
          note(
            `rolling restart${round}: ${part.name} (SIGTERM, started again)`,
            back.ms === undefined ? undefined : Date.now() - stoppedAt,
            `${level} runs Active again, all beating; ${back.restarted} had ended Error`,
          );
        }
      }
    }

    // The end: stop planting, let the last buys land, stop every run and compare with the ledger.
    clearInterval(planting);
    planting = undefined;
    await sleep(5_000);
    const activeAtEnd = (await statusCounts()).active ?? 0;
    const sustained = await measureSteadyState(false);
    for (const client of clients)
      for (const accountId of client.user.accountIds)
        client.socket.emit('message', { action: 'snipe-stop', data: { id: accountId } });
    await timeUntil(async () => (await leaseCount()) === 0, 60_000);
    // A run ends when the server takes the stop; a Buy Now its session had in flight reaches the
    // server after that (the 400-session run stored such ones ~3 s after the count). Compare once
    // the stored purchases have not changed for 5 s.
    const storedPurchases = async () =>
      (
        await observer.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM snipe_log_entries WHERE is_success',
        )
      ).rows[0]!.n;
    let lastCount = await storedPurchases();
    let quietSince = Date.now();
    await timeUntil(async () => {
      const count = await storedPurchases();
      if (count !== lastCount) {
        lastCount = count;
        quietSince = Date.now();
      }
      return Date.now() - quietSince >= 5_000;
    }, 30_000);

    const { rows: recorded } = await observer.query<{
      email: string;
      buys: number;
      spent: number;
    }>(
      `SELECT a.email, count(*)::int AS buys, coalesce(sum(l.buy_price), 0)::int AS spent
         FROM snipe_log_entries l JOIN accounts a ON a.id = l.account_id
        WHERE l.is_success GROUP BY a.email`,
    );
    const { rows: doubled } = await observer.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT event_id FROM snipe_log_entries GROUP BY event_id HAVING count(*) > 1) d`,
    );
    const simAccounts = (await (
      await fetch(`${sim.url}/admin/accounts`, { headers: { 'x-sim-admin-key': SIM_ADMIN_KEY } })
    ).json()) as Array<{ id: number; email: string }>;
    let ledgerBuys = 0;
    let ledgerSpent = 0;
    let lost = 0;
    let extra = 0;
    /** The accounts whose purchases differ, so a lost or doubled one can be traced in the log. */
    const mismatched: string[] = [];
    for (const account of simAccounts.filter((candidate) => candidate.email.endsWith('@bench.example'))) {
      const ledger = (await (
        await fetch(`${sim.url}/admin/ledger?accountId=${account.id}&limit=10000`, {
          headers: { 'x-sim-admin-key': SIM_ADMIN_KEY },
        })
      ).json()) as { entries: Array<{ kind: string; from: string; amount: number }> };
      // A Buy Now pays the seller's share and the tax as two entries of one trade.
      const paid = ledger.entries.filter(
        (entry) =>
          (entry.kind === 'buy-now' || entry.kind === 'sale-tax') && entry.from === `account:${account.id}`,
      );
      const buys = paid.filter((entry) => entry.kind === 'buy-now');
      ledgerBuys += buys.length;
      ledgerSpent += paid.reduce((sum, entry) => sum + entry.amount, 0);
      const mine = recorded.find((row) => row.email === account.email)?.buys ?? 0;
      lost += Math.max(0, buys.length - mine);
      extra += Math.max(0, mine - buys.length);
      if (mine !== buys.length) {
        mismatched.push(`${account.email}: ${mine} recorded, ${buys.length} in the ledger`);
        const { rows: stored } = await observer.query<{ at: Date; itemId: string | null; eventId: string }>(
          `SELECT l.created_at AS at, l.item_id AS "itemId", l.event_id AS "eventId" FROM snipe_log_entries l
             JOIN accounts a ON a.id = l.account_id WHERE a.email = $1 AND l.is_success ORDER BY l.created_at`,
          [account.email],
        );
        console.log(`${account.email}: ledger buys ${JSON.stringify(buys)}`);
        console.log(`${account.email}: recorded ${JSON.stringify(stored)}`);
      }
    }
    const recordedBuys = recorded.reduce((sum, row) => sum + row.buys, 0);
    const recordedSpent = recorded.reduce((sum, row) => sum + row.spent, 0);

    // Events to the right user only: every account a socket heard of belongs to its user.
    const strays = clients.reduce(
      (sum, client) =>
        sum + [...client.seenAccounts].filter((id) => !client.user.accountIds.includes(id)).length,
      0,
    );

    console.log('');
    console.log('| figure | value |');
    console.log('| --- | --- |');
    console.log(`| web sockets | ${clients.length} |`);
    console.log(
      `| sessions started / Active at the end of the faults / searching at the end (15 s window) | ${SESSIONS} / ${activeAtEnd} / ${sustained.advancing} |`,
    );
    console.log(
      `| searches per second, steady / after the faults | ${steady.searchesPerSecond.toFixed(0)} / ${sustained.searchesPerSecond.toFixed(0)} |`,
    );
    console.log(`| listings planted | ${planted} |`);
    console.log(
      `| purchases recorded / in the sandbox ledger | ${recordedBuys} (${recordedSpent} coins) / ${ledgerBuys} (${ledgerSpent} coins) |`,
    );
    console.log(`| purchases lost / doubled | ${lost} / ${extra + (doubled[0]?.n ?? 0)} |`);
    if (mismatched.length > 0) console.log(`| accounts that differ | ${mismatched.join('; ')} |`);
    for (const [fault, figure] of recoveries) console.log(`| recovery: ${fault} | ${figure} |`);
    console.log(`| events delivered to another user's socket | ${strays} |`);
    console.log(
      `| errors answered to the bench's starts and stops | ${actionErrors.size === 0 ? 0 : [...actionErrors].map(([text, n]) => `${n} × ${text}`).join('; ')} |`,
    );
    console.log(`| PostgreSQL connections of the cluster (steady) | ${steady.connections} |`);
    console.log(
      `| nodes' database pool failures (log lines) | ${poolFailures.size === 0 ? 0 : [...poolFailures].map(([key, seen]) => `${key}: ${seen.count} (${seen.first.toISOString().slice(11, 19)}–${seen.last.toISOString().slice(11, 19)})`).join('; ')} |`,
    );
    for (const line of dbSampler.summary()) console.log(line);
    for (const { agent, sessions, rssMb } of steady.perSession)
      console.log(
        `| ${agent}: sessions, RSS, RSS per session (steady) | ${sessions}, ${rssMb.toFixed(0)} MB, ${sessions > 0 ? (rssMb / sessions).toFixed(2) : '–'} MB |`,
      );
    console.log(`| bench duration | ${seconds(Date.now() - benchStarted)} |`);
    console.log('');
    console.log(
      '| process | CPU (% of one core, mean) | peak RSS | event-loop delay p99 (median of 5 s windows) / max, serving | max while starting |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const row of sampler.summary())
      console.log(
        `| ${row.name} | ${row.cpuPercent.toFixed(0)} % | ${row.peakRssMb.toFixed(0)} MB | ${row.loopP99Ms === undefined ? '–' : `${row.loopP99Ms.toFixed(0)} ms / ${row.loopMaxMs!.toFixed(0)} ms`} | ${row.startingLoopMaxMs.toFixed(0)} ms |`,
      );
    const [loadAtEnd] = os.loadavg();
    console.log(`machine load at the end: ${loadAtEnd!.toFixed(1)}`);
    for (const client of probeClients) client.socket.disconnect();
  } finally {
    sampler.stop();
    await dbSampler?.stop();
    if (planting) clearInterval(planting);
    for (const client of clients) client.socket.disconnect();
    await cluster?.stop().catch(() => {});
    await sim.close();
    await redis.kill();
    await observer.end();
    await pgProxy?.close();
    if (hostPg) await hostPg.stop();
    else {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleanup.end();
    }
    netns?.remove();
    log.end();
  }
}
