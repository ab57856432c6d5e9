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
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSim, type RunningSim } from '@tradedesk/game-sim';
import pg from 'pg';
import { freePort, startCluster, type Cluster } from '../src/cluster/cluster.js';
import { openPostgres } from '../src/db/client.js';
import { runFaults } from './cluster-faults.js';
import { compareWithLedger } from './cluster-ledger.js';
import { measureSteadyState, observeCluster } from './cluster-observer.js';
import { printClusterReport } from './cluster-report.js';
import {
  actionErrors,
  ACCOUNTS_PER_USER,
  createAccount,
  createUser,
  openWebClient,
  RONALDO,
  SIM_ADMIN_KEY,
  startRuns,
  type WebClient,
} from './cluster-users.js';
import { inBatches, RECOVERY_LIMIT_MS, retried, seconds, sleep, timeUntil } from './cluster-waits.js';
import { startDbSampler } from './db-sampler.js';
import { startHostPostgres, startHostRedis, startLoopbackRedis } from './host-services.js';
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
/** How many set-up requests (users, accounts) are in flight at once. */
const SETUP_CONCURRENCY = 10;
/** Starting every run signs each account in to the sandbox: allowed a second per session here. */
const START_LIMIT_MS = Math.max(RECOVERY_LIMIT_MS, SESSIONS * 1_000);
const loopProbe = path.join(path.dirname(new URL(import.meta.url).pathname), 'loop-probe.mjs');

/**
 * The nodes' database pool failures by kind, as their log lines say: a query that waited 5 s for
 * one of the pool's connections (all checked out), or a new connection the database did not
 * accept within 5 s.
 */
function poolFailureCounter() {
  const failures = new Map<string, { count: number; first: Date; last: Date }>();
  const kinds = {
    'timeout exceeded when trying to connect': 'waited 5 s for a free pool connection',
    'Connection terminated due to connection timeout': 'a new connection not accepted within 5 s',
  } as const;
  return {
    failures,
    note(name: string, line: string) {
      for (const [text, kind] of Object.entries(kinds)) {
        if (!line.includes(text)) continue;
        const key = `${name}: ${kind}`;
        const now = new Date();
        const seen = failures.get(key);
        if (seen) {
          seen.count += 1;
          seen.last = now;
        } else failures.set(key, { count: 1, first: now, last: now });
      }
    },
  };
}

/** SIGUSR2 starts and then writes loop-probe.mjs's CPU profile of each node and agent. */
function toggleProfiles(cluster: Cluster) {
  if (CPU_PROFILE_DIR === undefined) return;
  for (const part of [...cluster.servers, ...cluster.agents]) {
    const pid = part.pid();
    if (pid !== undefined) process.kill(pid, 'SIGUSR2');
  }
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
  const observer = observeCluster(direct.toString(), databaseName);
  const poolFailures = poolFailureCounter();
  const redis = netns ? await startHostRedis(netns, 'redis') : await startLoopbackRedis(await freePort());
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
  let probeClients: WebClient[] = [];
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
        poolFailures.note(name, line);
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
      (index) => retried('an account', () => createAccount(base, users[index % userCount]!, index)),
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

    const allRuns = users.flatMap((user) => user.accountIds.map((accountId) => ({ user, accountId })));
    const runsStarted = Date.now();
    await startRuns(clients, allRuns);
    const toActive = await timeUntil(async () => (await observer.active()) >= SESSIONS, START_LIMIT_MS);
    console.log(
      `${SESSIONS} sessions ${toActive === undefined ? `NOT all active (${JSON.stringify(await observer.statusCounts())})` : `active in ${seconds(Date.now() - runsStarted)}`}`,
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
    const steady = await measureSteadyState(observer, cluster, sampler.rssMb, () => toggleProfiles(cluster!));
    console.log(
      `steady state: ${steady.advancing}/${SESSIONS} sessions searching, ${steady.searchesPerSecond.toFixed(0)} searches/s, ${steady.connections} PostgreSQL connections`,
    );

    const recoveries: Array<[string, string]> = [];
    // BENCH_CLUSTER_FAULTS=none: the start and the steady state only (what the database does while
    // hundreds of runs start), then the ledger check.
    if (FAULTS)
      probeClients = await runFaults(
        {
          cluster,
          netns,
          hostPg,
          pgProxy,
          redis,
          observer,
          base,
          nodeUrls,
          users,
          clients,
          allRuns,
          note: (fault, ms, what) =>
            recoveries.push([
              fault,
              ms === undefined
                ? `not within ${seconds(RECOVERY_LIMIT_MS)} (${what})`
                : `${seconds(ms)} (${what})`,
            ]),
        },
        { onlyRolling: ONLY_ROLLING, rolls: ROLLS },
      );

    // The end: stop planting, let the last buys land, stop every run and compare with the ledger.
    clearInterval(planting);
    planting = undefined;
    await sleep(5_000);
    const activeAtEnd = await observer.active();
    const sustained = await measureSteadyState(observer, cluster, sampler.rssMb);
    for (const client of clients)
      for (const accountId of client.user.accountIds)
        client.socket.emit('message', { action: 'snipe-stop', data: { id: accountId } });
    await timeUntil(async () => (await observer.leases()) === 0, 60_000);
    // A run ends when the server takes the stop; a Buy Now its session had in flight reaches the
    // server after that (the 400-session run stored such ones ~3 s after the count). Compare once
    // the stored purchases have not changed for 5 s.
    let lastCount = await observer.storedPurchases();
    let quietSince = Date.now();
    await timeUntil(async () => {
      const count = await observer.storedPurchases();
      if (count !== lastCount) {
        lastCount = count;
        quietSince = Date.now();
      }
      return Date.now() - quietSince >= 5_000;
    }, 30_000);
    const ledger = await compareWithLedger(observer, sim.url);

    printClusterReport({
      sockets: clients.length,
      sessions: SESSIONS,
      activeAtEnd,
      steady,
      sustained,
      planted,
      ledger,
      recoveries,
      // Events to the right user only: every account a socket heard of belongs to its user.
      strays: clients.reduce(
        (sum, client) =>
          sum + [...client.seenAccounts].filter((id) => !client.user.accountIds.includes(id)).length,
        0,
      ),
      actionErrors,
      poolFailures: poolFailures.failures,
      dbSummary: dbSampler.summary(),
      processes: sampler.summary(),
      durationMs: Date.now() - benchStarted,
    });
    const [loadAtEnd] = os.loadavg();
    console.log(`machine load at the end: ${loadAtEnd!.toFixed(1)}`);
  } finally {
    sampler.stop();
    await dbSampler?.stop();
    if (planting) clearInterval(planting);
    for (const client of [...clients, ...probeClients]) client.socket.disconnect();
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
