import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildNode, isNodeBuildOutdated } from '../../scripts/build.js';
import { balancerDrainMs, startHaproxy, type RunningHaproxy } from './haproxy.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Every process runs the production build with plain node, as the images do. */
const nodeCommand = [process.execPath, '--enable-source-maps'] as const;

export interface ClusterOptions {
  /** PostgreSQL every node shares (required: PGlite is one process's). */
  databaseUrl: string;
  /** Redis for the Socket.IO adapter (required: it carries events between the nodes). */
  redisUrl: string;
  servers: number;
  agents: number;
  /** Sessions per agent. */
  agentCapacity: number;
  /** HAProxy's port (what browsers open); 0 = any free one. */
  port: number;
  /** First server node's port; the others follow (0 = any free ones). */
  firstServerPort: number;
  simPort: number;
  /** A sandbox game already running (the bench's, tuned): none is started then. */
  simUrl?: string;
  /** 64 hexadecimal characters shared by every node (credentials written by one are read by all). */
  secretKey: string;
  /** The key agents present; generated when absent. */
  agentKey?: string;
  /** Extra environment of every server node (LOG_LEVEL, SIM_ADMIN_KEY…). */
  serverEnv?: Record<string, string>;
  /** Extra environment of every stand-alone agent. */
  agentEnv?: Record<string, string>;
  /** Extra environment of the sandbox game (SIM_ADMIN_KEY, SIM_SEED). */
  simEnv?: Record<string, string>;
  /** Where each process's output lines go, prefixed with its name. */
  output?: (name: string, line: string) => void;
  /** HAProxy writes a line per request to the output (the bench's reconnect timings). */
  balancerAccessLog?: boolean;
  /**
   * Each node and agent on a host of its own (the bench's network namespaces): the command prefix
   * that runs a process there and the host's address; HAProxy listens on `balancerHost`.
   * Default: every process on loopback.
   */
  hosts?: {
    wrap(name: string): string[];
    address(name: string): string;
    balancerHost: string;
  };
}

/** One child process of the cluster, which can be killed and started again. */
export interface ClusterProcess {
  readonly name: string;
  readonly port: number | undefined;
  /** `kill -9`: nothing is closed cleanly. */
  kill(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it (SIGKILL after 45 s, the agents' grace in compose and Kubernetes); resolves once it exited. */
  stop(): Promise<void>;
  /** Starts it again with the same name, port and environment; resolves when it answers. */
  restart(): Promise<void>;
  isRunning(): boolean;
  /** The running process's id (the bench samples its CPU and memory). */
  pid(): number | undefined;
}

export interface Cluster {
  balancer: RunningHaproxy;
  simUrl: string;
  servers: ClusterProcess[];
  agents: ClusterProcess[];
  agentKey: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers with a status below 500, or rejects after `limitMs`. */
async function waitForHttp(url: string, limitMs: number, exited: () => boolean) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (exited()) throw new Error(`${url}: the process ended before it answered`);
    const ok = await fetch(url)
      .then((response) => response.status < 500)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${limitMs / 1000} s`);
    await sleep(250);
  }
}

/** A free TCP port on loopback (the cluster's and its bench's). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function managed(
  name: string,
  script: string,
  env: Record<string, string>,
  port: number | undefined,
  /** Ready when this address answers, or when a line of its output matches. */
  ready: { url: string } | { line: RegExp },
  output: (name: string, line: string) => void,
  /** A command prefix that runs it elsewhere (`ip netns exec <host>`). */
  wrap: readonly string[] = [],
): ClusterProcess & { start(): Promise<void> } {
  let child: ChildProcess | undefined;
  let exited = true;
  const start = async () => {
    const [command, ...args] = [...wrap, ...nodeCommand, script];
    const launched = spawn(command!, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = launched;
    exited = false;
    let announce: (() => void) | undefined;
    const announced = new Promise<void>((resolve) => (announce = resolve));
    for (const stream of [launched.stdout, launched.stderr])
      createInterface({ input: stream }).on('line', (line) => {
        output(name, line);
        if ('line' in ready && ready.line.test(line)) announce?.();
      });
    const hasExited = new Promise<never>((_, reject) =>
      launched.once('exit', (code, signal) => {
        if (child === launched) exited = true;
        output(name, `exited (${signal ?? `code ${code}`})`);
        reject(new Error(`${name} ended while starting (${signal ?? `code ${code}`})`));
      }),
    );
    hasExited.catch(() => {});
    await Promise.race([
      'url' in ready ? waitForHttp(ready.url, 180_000, () => exited && child === launched) : announced,
      hasExited,
    ]);
  };
  const ended = (target: ChildProcess) =>
    target.exitCode !== null || target.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => target.once('exit', () => resolve()));
  return {
    name,
    port,
    start,
    isRunning: () => !exited,
    pid: () => (exited ? undefined : child?.pid),
    async kill() {
      if (!child || exited) return;
      const target = child;
      target.kill('SIGKILL');
      await ended(target);
    },
    restart: start,
    async stop() {
      if (!child || exited) return;
      const target = child;
      target.kill('SIGTERM');
      const timer = setTimeout(() => target.kill('SIGKILL'), 45_000);
      await ended(target);
      clearTimeout(timer);
    },
  };
}

/**
 * Starts N server nodes (PostgreSQL + Redis, no embedded agent) behind HAProxy, one sandbox game
 * they share and M stand-alone agents that connect through the balancer, all from the production
 * build (built first when outdated). The first node starts alone (it migrates the database, seeds
 * the demo user and builds the web app once); the others start after it.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const output = options.output ?? ((name, line) => console.log(`[${name}] ${line}`));
  if (await isNodeBuildOutdated()) {
    output('build', 'Building the server, agent and sandbox game (missing or outdated)…');
    await buildNode();
  }
  const agentKey = options.agentKey ?? randomBytes(32).toString('base64url');
  const started: Array<{ stop(): Promise<void> }> = [];
  // Whatever started before a failure is stopped again: no process outlives a failed start.
  const stopStarted = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => {});
  };
  try {
    const simPort = options.simPort === 0 ? await freePort() : options.simPort;
    const simUrl = options.simUrl ?? `http://127.0.0.1:${simPort}`;
    const sim = managed(
      'sim',
      'apps/game-sim/dist/main.js',
      { SIM_PORT: String(simPort), ...options.simEnv },
      simPort,
      { url: `${simUrl}/admin/world` },
      output,
    );
    if (options.simUrl === undefined) {
      started.push(sim);
      await sim.start();
    }

    const hosts = options.hosts;
    const serverPorts: number[] = [];
    // A host of its own has every port free: the nodes listen where the images do.
    for (let index = 0; index < options.servers; index += 1)
      serverPorts.push(
        hosts ? 8080 : options.firstServerPort === 0 ? await freePort() : options.firstServerPort + index,
      );
    const serverHost = (index: number) => hosts?.address(`node-${index + 1}`) ?? '127.0.0.1';
    const servers = serverPorts.map((port, index) =>
      managed(
        `node-${index + 1}`,
        'apps/server/dist/main.js',
        {
          PORT: String(port),
          ...(hosts ? { HOST: serverHost(index) } : {}),
          NODE_ID: `node-${index + 1}`,
          DATABASE_URL: options.databaseUrl,
          REDIS_URL: options.redisUrl,
          SECRET_KEY: options.secretKey,
          AGENT_KEYS: agentKey,
          EMBEDDED_AGENT: 'off',
          SIM_URL: simUrl,
          // HAProxy is the only proxy; it names the browser's address.
          TRUSTED_PROXIES: hosts?.balancerHost ?? '127.0.0.1',
          LOG_FORMAT: 'json',
          // Not ready for as long as HAProxy may still send it new requests (balancerDrainMs).
          SHUTDOWN_DRAIN_MS: String(balancerDrainMs),
          ...options.serverEnv,
        },
        port,
        // Ready when the node says so (database reached, Redis reached): what HAProxy asks too.
        { url: `http://${serverHost(index)}:${port}/readyz` },
        output,
        hosts?.wrap(`node-${index + 1}`),
      ),
    );
    started.push(...servers);
    const [first, ...others] = servers;
    await first?.start();
    await Promise.all(others.map((server) => server.start()));
    const balancer = await startHaproxy({
      backends: serverPorts.map((port, index) => ({
        name: `node-${index + 1}`,
        host: serverHost(index),
        port,
      })),
      port: options.port === 0 ? await freePort() : options.port,
      ...(hosts ? { host: hosts.balancerHost } : {}),
      ...(options.balancerAccessLog ? { accessLog: true } : {}),
      output: (line) => output('haproxy', line),
    });
    started.push({ stop: () => balancer.close() });

    const agents = Array.from({ length: options.agents }, (_, index) =>
      managed(
        `agent-${index + 1}`,
        'apps/agent/dist/main.js',
        {
          SERVER_URL: balancer.url,
          AGENT_KEY: agentKey,
          AGENT_ID: `agent-${index + 1}`,
          CAPACITY: String(options.agentCapacity),
          GAME_MODE: 'sandbox',
          SIM_URL: simUrl,
          ...options.agentEnv,
        },
        undefined,
        // The agent prints that it connected; until then it is starting.
        { line: /^Agent .* connected to / },
        output,
        hosts?.wrap(`agent-${index + 1}`),
      ),
    );
    started.push(...agents);
    await Promise.all(agents.map((agent) => agent.start()));

    return {
      balancer,
      simUrl,
      servers,
      agents,
      agentKey,
      async stop() {
        await Promise.all(agents.map((agent) => agent.stop()));
        await Promise.all(servers.map((server) => server.stop()));
        await balancer.close();
        await sim.stop();
      },
    };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}
