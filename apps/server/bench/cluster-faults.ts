/**
 * The cluster bench's faults, one after another while the runs go on: an agent killed, a server
 * node killed, (hosts) an agent's host cut off, Redis killed, PostgreSQL restarted or cut off, and
 * (hosts) a rolling restart of every node and agent. Each notes how long the cluster took to recover.
 */
import type { Cluster } from '../src/cluster/cluster.js';
import type { ClusterObserver } from './cluster-observer.js';
import {
  createAccount,
  Http,
  openWebClient,
  startRuns,
  type BenchRun,
  type BenchUser,
  type WebClient,
} from './cluster-users.js';
import { seconds, sleep, timeUntil } from './cluster-waits.js';
import type { HostPostgres, HostRedis } from './host-services.js';
import type { Hosts } from './netns-hosts.js';
import type { CuttableProxy } from './tcp-proxy.js';

export interface FaultBench {
  cluster: Cluster;
  /** The network-namespace hosts (`cluster-hosts`); undefined on loopback. */
  netns: Hosts | undefined;
  /** PostgreSQL on its own host, restarted there; on loopback `pgProxy` cuts it off instead. */
  hostPg: HostPostgres | undefined;
  pgProxy: CuttableProxy | undefined;
  redis: HostRedis;
  observer: ClusterObserver;
  /** The balancer's address, and each node's own. */
  base: string;
  nodeUrls: string[];
  users: BenchUser[];
  clients: WebClient[];
  allRuns: BenchRun[];
  /** Records a fault's recovery: the time it took (undefined: not within the limit) and what was measured. */
  note(fault: string, ms: number | undefined, what: string): void;
}

/** When each fault began (wall clock): a purchase the ledger has and the cluster lacks is placed by it. */
const begins = (fault: string) => console.log(`${new Date().toISOString()} fault: ${fault}`);

/** The runs of these accounts, started again by their users. */
const restart = (bench: FaultBench, accountIds: ReadonlySet<string>) =>
  startRuns(
    bench.clients,
    bench.allRuns.filter(({ accountId }) => accountIds.has(accountId)),
  );

/**
 * Waits until `level` runs are Active and every run beat since `since`; a run that ended Error
 * meanwhile is started again by its user (the bench), once. Answers the time and the restarts.
 */
async function backToLevel(bench: FaultBench, level: number, since: Date) {
  const from = Date.now();
  const restarted = new Set<string>();
  const ms = await timeUntil(async () => {
    const again = (await bench.observer.errored()).filter((row) => !restarted.has(row.id));
    for (const row of again) restarted.add(row.id);
    if (again.length > 0) await restart(bench, new Set(again.map((row) => row.id)));
    return (await bench.observer.active()) >= level && (await bench.observer.silentSince(since)) === 0;
  });
  return { ms: ms === undefined ? undefined : Date.now() - from, restarted: restarted.size };
}

/**
 * An agent is killed: its snipe runs wait for an agent (or move to the other one where it has room)
 * instead of ending; once the agent is back, the sweep places the waiting ones on it. A run that
 * ended Error anyway is started again by its user, as a user would.
 */
async function killAgent(bench: FaultBench) {
  const { cluster, netns, observer } = bench;
  begins('agent host killed');
  const lostAgent = cluster.agents[0]!;
  const itsRuns = await observer.leases(lostAgent.name);
  // The runs that were going (all of them, unless the start fell short): the level to get back to.
  const runningBefore = await observer.active();
  // On hosts: every process of the agent's host.
  if (netns) netns.killAll(lostAgent.name);
  else await lostAgent.kill();
  const reclaimed = await timeUntil(async () => (await observer.leases(lostAgent.name)) === 0);
  const waiting = (await observer.statusCounts()).waiting ?? 0;
  const errored = await observer.errored();
  bench.note(
    netns ? "agent host's processes killed" : 'agent killed',
    reclaimed,
    `${itsRuns} runs moved off it: ${waiting} waiting for an agent, ${errored.length} ended Error`,
  );
  await lostAgent.restart();
  const restartFrom = Date.now();
  await restart(bench, new Set(errored.map((row) => row.id)));
  const back = await timeUntil(async () => (await observer.active()) >= runningBefore);
  bench.note(
    'agent back, waiting runs placed on it',
    back === undefined ? undefined : Date.now() - restartFrom,
    `${runningBefore} sessions active again, as before the fault`,
  );
  await sleep(5_000);
}

/**
 * A server node is killed: its agents and browsers reconnect through the balancer. It has
 * recovered when every socket that dropped is back and every run has beaten since the kill.
 */
async function killNode(bench: FaultBench) {
  const { cluster, netns, observer, clients } = bench;
  begins('server node killed');
  const lostNode = cluster.servers[0]!;
  const activeBefore = await observer.active();
  const dropped = new Set<WebClient>();
  for (const client of clients) client.socket.once('disconnect', () => dropped.add(client));
  const killedAt = new Date();
  if (netns) netns.killAll(lostNode.name);
  else await lostNode.kill();
  const recovered = await timeUntil(
    async () =>
      dropped.size > 0 &&
      [...dropped].every((client) => client.socket.connected) &&
      (await observer.silentSince(killedAt)) === 0,
  );
  bench.note(
    netns ? "server node host's processes killed" : 'server node killed',
    recovered,
    `${dropped.size} web sockets moved to the other node; ${await observer.active()}/${activeBefore} runs kept`,
  );
  await lostNode.restart();
  await sleep(5_000);
}

/** (hosts) An agent's host is cut off for 20 s (its link down, then up): a partition. */
async function cutAgentHost(bench: FaultBench, netns: Hosts) {
  begins('agent host cut off');
  const cutHost = bench.cluster.agents[1]!;
  const level = await bench.observer.active();
  const itsRunsBefore = await bench.observer.leases(cutHost.name);
  netns.linkDown(cutHost.name);
  await sleep(20_000);
  netns.linkUp(cutHost.name);
  const back = await backToLevel(bench, level, new Date());
  bench.note(
    'agent host cut off for 20 s, then back',
    back.ms,
    `it held ${itsRunsBefore} runs; ${back.restarted} ended Error and were started again; ${level} runs Active again, all beating`,
  );
}

/**
 * Redis is killed for 3 s: events between the nodes pause, nothing else does. Measured by a
 * cross-node probe: stopping a spare (never started) account of one user on node 2 must reach that
 * user's socket on node 1 (through Redis). Answers the probe's sockets, to close at the end.
 */
async function killRedis(bench: FaultBench): Promise<WebClient[]> {
  const probeUser = bench.users[0]!;
  const spareId = await createAccount(bench.base, probeUser, 'spare');
  const probeClients = await Promise.all(bench.nodeUrls.map((url) => openWebClient(url, probeUser)));
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
  console.log(`cross-node delivery before the Redis restart: ${(await crossNodeDelivered()) ? 'yes' : 'NO'}`);

  begins('Redis killed');
  await bench.redis.kill();
  const redisDownAt = Date.now();
  await sleep(3_000);
  await bench.redis.start();
  const redisBack = await timeUntil(crossNodeDelivered);
  bench.note(
    bench.netns ? 'Redis killed (3 s down, then a new one on its host)' : 'Redis restarted (3 s down)',
    redisBack === undefined ? undefined : Date.now() - redisDownAt - 3_000,
    'events reach browsers on the other node again',
  );
  return probeClients;
}

/** PostgreSQL is restarted on its host, or cut off for 5 s: requests fail meanwhile, no run is taken for lost. */
async function interruptPostgres(bench: FaultBench) {
  const { hostPg, pgProxy, observer } = bench;
  begins('PostgreSQL restarted');
  const activeBefore = await observer.active();
  const downAt = Date.now();
  if (hostPg) await hostPg.restart();
  else {
    pgProxy!.cut();
    await sleep(5_000);
    pgProxy!.restore();
  }
  const downMs = Date.now() - downAt;
  const back = await timeUntil(
    async () =>
      (await new Http(bench.base, bench.users[0]!.cookie).call('GET', '/api/filter')).status === 200,
  );
  await sleep(12_000);
  bench.note(
    hostPg
      ? `PostgreSQL restarted on its host (fast shutdown, ${seconds(downMs)} down)`
      : 'PostgreSQL cut off (5 s)',
    back,
    `reads answer again; ${await observer.active()}/${activeBefore} runs kept`,
  );
}

/**
 * (hosts) A rolling restart: every node, then every agent, stopped with SIGTERM as an
 * orchestrator does and started again, one at a time, each after the runs are back; `rolls` times.
 */
async function rollingRestart(bench: FaultBench, rolls: number) {
  const rounds = Array.from({ length: rolls }, (_, round) => (rolls > 1 ? ` (round ${round + 1})` : ''));
  const parts = [...bench.cluster.servers, ...bench.cluster.agents];
  for (const [round, part] of rounds.flatMap((round) => parts.map((part) => [round, part] as const))) {
    const level = await bench.observer.active();
    const stoppedAt = Date.now();
    begins(`rolling restart: ${part.name}${round}`);
    await part.stop();
    await part.restart();
    const back = await backToLevel(bench, level, new Date(stoppedAt));
    bench.note(
      `rolling restart${round}: ${part.name} (SIGTERM, started again)`,
      back.ms === undefined ? undefined : Date.now() - stoppedAt,
      `${level} runs Active again, all beating; ${back.restarted} had ended Error`,
    );
  }
}

/**
 * Every fault in turn (`onlyRolling`: the rolling restart alone, on hosts). Answers the sockets the
 * faults opened, to close at the end.
 */
export async function runFaults(
  bench: FaultBench,
  options: { onlyRolling: boolean; rolls: number },
): Promise<WebClient[]> {
  let probeClients: WebClient[] = [];
  if (!options.onlyRolling) {
    await killAgent(bench);
    await killNode(bench);
    if (bench.netns) await cutAgentHost(bench, bench.netns);
    probeClients = await killRedis(bench);
    await interruptPostgres(bench);
  }
  if (bench.netns) await rollingRestart(bench, options.rolls);
  return probeClients;
}
