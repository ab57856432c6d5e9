/**
 * PostgreSQL and Redis of the cluster bench's network-namespace hosts: each a server of its own on
 * its host, reached by the others across the bridge (not the machine's loopback services); and the
 * loopback bench's Redis of its own.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sleep } from './cluster-waits.js';
import type { Hosts } from './netns-hosts.js';

async function until(what: string, probe: () => Promise<boolean>, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${limitMs / 1000} s`);
    await sleep(200);
  }
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The machine's PostgreSQL binaries (Debian: /usr/lib/postgresql/<version>/bin). */
function postgresBin(tool: string) {
  const root = '/usr/lib/postgresql';
  const [version] = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  if (!version) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return path.join(root, version, 'bin', tool);
}

export interface HostPostgres {
  /** postgres://postgres@<host>:5432/postgres */
  adminUrl: string;
  pid(): number | undefined;
  /** A fast shutdown (SIGINT) and a start again, as `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh cluster (initdb, trust auth) run by the postgres user on the host `name`. */
export async function startHostPostgres(hosts: Hosts, name: string): Promise<HostPostgres> {
  const host = hosts.get(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'td-bench-pg-'));
  const owner = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const group = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dataDir, owner, group);
  // Removed however the bench ends (its hosts' processes are killed on exit too).
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  execFileSync(
    'runuser',
    ['-u', 'postgres', '--', postgresBin('initdb'), '-D', dataDir, '-A', 'trust', '-U', 'postgres'],
    {
      stdio: 'ignore',
    },
  );
  // The other hosts reach it across the bridge: trusted, as the machine's own PostgreSQL is.
  appendFileSync(
    path.join(dataDir, 'pg_hba.conf'),
    `host all all ${host.address.replace(/\.\d+$/, '.0')}/24 trust\n`,
  );
  const adminUrl = `postgres://postgres@${host.address}:5432/postgres`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      hosts.wrap(name)[0]!,
      [
        ...hosts.wrap(name).slice(1),
        'runuser',
        '-u',
        'postgres',
        '--',
        postgresBin('postgres'),
        '-D',
        dataDir,
        '-c',
        `listen_addresses=${host.address}`,
        '-c',
        `unix_socket_directories=${dataDir}`,
        '-c',
        'max_connections=300',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const said: string[] = [];
    child.stderr?.on('data', (chunk: Buffer) => said.push(chunk.toString()));
    await until('PostgreSQL on its host', async () => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${said.join('').slice(-500)}`);
    });
  };
  const stop = async () => {
    if (!child) return;
    const running = child;
    // A fast shutdown (clients cut, nothing lost), told to the postmaster itself: runuser, the
    // process spawned here, does not pass SIGINT on.
    execFileSync(
      'runuser',
      ['-u', 'postgres', '--', postgresBin('pg_ctl'), 'stop', '-m', 'fast', '-D', dataDir],
      {
        stdio: 'ignore',
      },
    );
    await exitOf(running);
    child = undefined;
  };
  await start();
  return {
    adminUrl,
    pid: () => child?.pid,
    async restart() {
      await stop();
      await start();
    },
    async stop() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether a Redis answers PING there (refused until redis-server listens: that is what is polled). */
async function answersPing(host: string, port: number) {
  const { Redis } = await import('ioredis');
  const probe = new Redis(port, host, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } finally {
    probe.disconnect();
  }
}

export interface HostRedis {
  url: string;
  /** A new redis-server in place of the killed one (it keeps nothing). */
  start(): Promise<void>;
  kill(): Promise<void>;
}

/**
 * A redis-server that keeps nothing, on `address:port`; `wrap` runs it on a host (`ip netns exec`).
 * `kill` is kill -9; `start` starts a new one in its place.
 */
async function startRedisServer(
  address: string,
  port: number,
  wrap: readonly string[] = [],
): Promise<HostRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    const [command, ...args] = [
      ...wrap,
      'redis-server',
      '--bind',
      address,
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
    ];
    child = spawn(command!, args, { stdio: 'ignore' });
    await until(`Redis on ${address}:${port}`, () => answersPing(address, port));
  };
  await start();
  return {
    url: `redis://${address}:${port}`,
    start,
    async kill() {
      if (!child) return;
      const running = child;
      running.kill('SIGKILL');
      await exitOf(running);
      child = undefined;
    },
  };
}

export function startHostRedis(hosts: Hosts, name: string): Promise<HostRedis> {
  return startRedisServer(hosts.get(name).address, 6379, hosts.wrap(name));
}

/** The loopback bench's Redis: a redis-server of its own on `port` of this machine. */
export function startLoopbackRedis(port: number): Promise<HostRedis> {
  return startRedisServer('127.0.0.1', port);
}
