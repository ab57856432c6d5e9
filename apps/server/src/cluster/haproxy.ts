import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A server node behind the balancer. */
export interface Backend {
  /** Its name in HAProxy's stats and its sticky cookie's value. */
  name: string;
  host: string;
  port: number;
}

export interface HaproxyConfigOptions {
  /** Address HAProxy listens on, e.g. `127.0.0.1:8080` or `*:8080`. */
  bind: string;
  backends: readonly Backend[];
  /**
   * `roundrobin` (production); `first` fills the first healthy node before the next (tests that
   * must know where a connection lands).
   */
  balance?: 'roundrobin' | 'first';
  /** Resolve backend host names through this resolver (compose, Kubernetes: `127.0.0.11:53`). */
  resolver?: string;
  /**
   * One line per request on stdout, written as soon as the node's answer begins (`logasap`), with
   * the times it waited for a connection to the node and for the answer: the cluster bench reads
   * how long an agent's reconnect took, and where.
   */
  accessLog?: boolean;
}

/** The cookie that keeps a browser on one node: Socket.IO's long-polling requests must all reach it. */
export const stickyCookie = 'td_node';

/**
 * How HAProxy checks the nodes (`default-server`), and the worst time it takes to put a node that
 * answers again back in (the agents' reconnect grace must cover it: docs/decisions/realtime.md).
 */
export const balancerChecks = {
  /** A check every 2 s while a node is up… */
  interMs: 2_000,
  /** …every second once one failed (so a node answering 503 is out within ~5 s: drain ≥ that)… */
  fastInterMs: 1_000,
  /** …and every second while it is down, so it is back soon after it answers again. */
  downInterMs: 1_000,
  /** Failed checks in a row before a node is out: a busy node must miss four. */
  fall: 4,
  rise: 2,
  /** A check answered later than this failed: 5 s, a loaded node's answer may take seconds. */
  timeoutMs: 5_000,
} as const;

/**
 * How long a node that answers ready again waits before HAProxy sends it traffic again: `rise`
 * checks a `downinter` apart (each answered within 500 ms: a busy node answers from memory).
 */
export const balancerReturnMs = balancerChecks.rise * (balancerChecks.downInterMs + 500);

/**
 * How long a node that turned 503 (draining on SIGTERM) may still get new requests: the next check
 * (`inter`), then `fall - 1` more `fastinter` apart, each answered within 500 ms. SHUTDOWN_DRAIN_MS
 * must be at least this.
 */
export const balancerDrainMs =
  balancerChecks.interMs + (balancerChecks.fall - 1) * balancerChecks.fastInterMs + 500 * balancerChecks.fall;

/**
 * The one HAProxy configuration of the product (`npm run cluster`, the cluster bench, the cluster
 * test and `deploy/haproxy/haproxy.cfg` are all rendered here). Why each line:
 * - `option httpchk GET /readyz`: a node that is not ready (database away, draining on SIGTERM)
 *   gets no new requests within four checks (`balancerChecks`: a 503 is out in ~5 s, a node that
 *   does not answer at all in ~20 s; a busy node answers `/readyz` within 500 ms from memory);
 * - no `on-marked-down shutdown-sessions`: a node marked down keeps its open sockets. A node that
 *   dies closes them itself (its kernel resets them) and a draining one drops them when it closes,
 *   so the cut helped only a hung node, and it cut every socket of a node that was only slow: at
 *   400 sessions that sent every agent and browser to reconnect at once, and the runs of agents
 *   that reached no node ended (docs/benchmarks.md, cluster-hosts);
 * - `cookie td_node insert indirect nocache`: a browser stays on the node that answered first
 *   (Socket.IO long-polling); WebSocket-only clients (agents) carry no cookie and take turns;
 * - `option redispatch` + `retries`: a request whose sticky node refuses goes to another one;
 * - `timeout tunnel 1h`: WebSockets stay open between messages (beats come every 2 s anyway);
 * - `/metrics` is refused to the public: the scraper reads each node directly.
 */
export function haproxyConfig(options: HaproxyConfigOptions): string {
  const resolvers = options.resolver
    ? ['resolvers internal', `  nameserver dns ${options.resolver}`, '  hold valid 5s', '']
    : [];
  const resolve = options.resolver ? ' resolvers internal init-addr last,libc,none' : '';
  const accessLog = options.accessLog
    ? {
        global: ['  log stdout format raw local0 info'],
        defaults: ['  log global', '  option httplog', '  option logasap'],
      }
    : { global: [], defaults: [] };
  return [
    // No global maxconn: HAProxy derives it from the process's file limit (ulimit -n), and a
    // fixed one above what the limit allows stops it at start.
    'global',
    ...accessLog.global,
    '',
    ...resolvers,
    'defaults',
    ...accessLog.defaults,
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    '  timeout connect 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  timeout http-keep-alive 10s',
    `  timeout check ${balancerChecks.timeoutMs / 1000}s`,
    '',
    'frontend public',
    `  bind ${options.bind}`,
    '  http-request deny deny_status 404 if { path /metrics }',
    '  default_backend nodes',
    '',
    'backend nodes',
    `  balance ${options.balance ?? 'roundrobin'}`,
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    `  cookie ${stickyCookie} insert indirect nocache httponly`,
    `  default-server inter ${balancerChecks.interMs / 1000}s fastinter ${balancerChecks.fastInterMs / 1000}s downinter ${balancerChecks.downInterMs / 1000}s fall ${balancerChecks.fall} rise ${balancerChecks.rise}`,
    ...options.backends.map(
      (backend) =>
        `  server ${backend.name} ${backend.host}:${backend.port} check cookie ${backend.name}${resolve}`,
    ),
    '',
  ].join('\n');
}

export interface RunningHaproxy {
  /** What browsers and agents open, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Resolves once `port` on `host` accepts a connection. */
async function listening(host: string, port: number, exited: () => boolean, said: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited()) throw new Error(`HAProxy ended while starting: ${said()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      const answer = (isOpen: boolean) => {
        socket.destroy();
        resolve(isOpen);
      };
      socket.once('connect', () => answer(true));
      socket.once('error', () => answer(false));
      socket.setTimeout(1_000, () => answer(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`HAProxy did not listen on port ${port} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Runs Debian's HAProxy (`HAPROXY_BIN`, default `haproxy`) in the foreground on `host`:`port`
 * (default host 127.0.0.1) in front of `backends`, with the configuration above written to a
 * temporary folder.
 */
export async function startHaproxy(options: {
  port: number;
  host?: string;
  backends: readonly Backend[];
  balance?: HaproxyConfigOptions['balance'];
  accessLog?: boolean;
  output?: (line: string) => void;
}): Promise<RunningHaproxy> {
  const folder = await mkdtemp(join(tmpdir(), 'tradedesk-haproxy-'));
  const configFile = join(folder, 'haproxy.cfg');
  await writeFile(
    configFile,
    haproxyConfig({
      bind: `${options.host ?? '127.0.0.1'}:${options.port}`,
      backends: options.backends,
      ...(options.balance ? { balance: options.balance } : {}),
      ...(options.accessLog ? { accessLog: true } : {}),
    }),
  );
  const binary = process.env.HAPROXY_BIN ?? 'haproxy';
  const child: ChildProcess = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let exited = false;
  const spawnFailed = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`Could not run ${binary} (apt-get install haproxy): ${error.message}`)),
    ),
  );
  spawnFailed.catch(() => {});
  // It must not outlive a cluster or bench that ends without closing it (a crash, process.exit).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => {
    exited = true;
    process.off('exit', killOnExit);
  });
  /** Its last lines, for the error when it stops at start (an alert about its configuration). */
  const lastLines: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) {
          options.output?.(line);
          lastLines.push(line);
          if (lastLines.length > 5) lastLines.shift();
        }
    });
  try {
    await Promise.race([
      listening(
        options.host ?? '127.0.0.1',
        options.port,
        () => exited,
        () => lastLines.join(' | '),
      ),
      spawnFailed,
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${options.port}`,
    port: options.port,
    async close() {
      if (!exited) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
