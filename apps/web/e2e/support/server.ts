import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** How long the server may take to start; a heavily loaded machine may raise it (E2E_START_TIMEOUT_MS). */
export const startTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000);

/** The server's embedded sandbox game, reachable when the server was started with an admin key. */
export type SandboxGame = {
  /** The address the server announced ("Sandbox game: http://127.0.0.1:PORT (admin API enabled)"). */
  url: string;
  /** The SIM_ADMIN_KEY the server was started with: the `x-sim-admin-key` of the admin API. */
  adminKey: string;
};

export type RunningServer = {
  baseURL: string;
  demo: { username: string; token: string };
  /** Only when started with `withSandboxAdmin`. */
  sandbox?: SandboxGame;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  /**
   * What an operator does to change a setting: stops the server and starts it again on the same
   * data (DATA_DIR, database) with `env` added. The new process binds another port: `baseURL`,
   * `demo` and `output` then describe it.
   */
  restart: (env: Record<string, string>) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * SIM_ADMIN_KEY of every server this process starts: the sandbox's user-making route and the
 * sandbox game's admin API both want it (header x-sim-admin-key).
 */
const sandboxAdminKey = `e2e-${randomBytes(12).toString('hex')}`;

export type ServerOptions = {
  /** Starts the sandbox game's admin API (SIM_ADMIN_KEY) and reads its address from the log. */
  withSandboxAdmin?: boolean;
  /** Extra environment of the server (e.g. FRAME_ANCESTORS). */
  env?: Record<string, string>;
};

/** The demo line also names the address the server bound (it listens on a port the OS chose). */
const demoLinePattern = /Demo login — username: (\S+)\s+token: (\S+)\s+open: (http:\/\/[^/\s]+)\/login/;
const sandboxLinePattern = /Sandbox game: (http:\/\/\S+) \(admin API (enabled|disabled)\)/;

/** Keeps every chunk the server prints, for the start-up waits and for error messages. */
function collectOutput(child: ChildProcess): () => string {
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => chunks.push(chunk.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => chunks.join('');
}

/** Resolves with the first match of `pattern` in the server's stdout; rejects on exit or timeout. */
function waitForOutput(child: ChildProcess, output: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      settle();
    };
    const check = () => {
      const match = pattern.exec(output());
      if (match) finish(() => resolve(match));
    };
    const onExit = (code: number | null) =>
      finish(() => reject(new Error(`Server exited early (code ${code}):\n${output()}`)));
    const timer = setTimeout(
      () => finish(() => reject(new Error(`Server did not start in time:\n${output()}`))),
      startTimeoutMs,
    );
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

/** The sandbox game's address; the server announces it before the demo login line. */
function sandboxGameOf(output: string, adminKey: string): SandboxGame {
  const match = sandboxLinePattern.exec(output);
  if (!match || match[2] !== 'enabled')
    throw new Error(`The server did not announce a sandbox game with its admin API:\n${output}`);
  return { url: match[1]!, adminKey };
}

async function waitUntilAnswering(baseURL: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${baseURL}/api/app/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${baseURL}/api/app/version never answered`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * With DATABASE_URL set (CI), each server gets a database of its own on that PostgreSQL, dropped
 * when it stops: what one run leaves (a deleted challenge, a user) never reaches the next.
 */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `td_e2e_${randomBytes(6).toString('hex')}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** One server process on `dataDir` (and `databaseUrl`), its output collected, stopped by `stop`. */
function spawnServer(dataDir: string, databaseUrl: string | undefined, options: ServerOptions) {
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Port 0: the server binds a port the OS chooses and prints it, so no other process can take
      // it between a probe and the bind (parallel runs never collide).
      PORT: '0',
      HOST: '127.0.0.1',
      // Unique per server: the default name includes the port, which is 0 for every one of them.
      NODE_ID: `e2e-${randomBytes(6).toString('hex')}`,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      GAME_MODE: 'sandbox',
      // The sandbox game's address is an info line; other runs keep the log to warnings.
      LOG_LEVEL: options.withSandboxAdmin ? 'info' : 'warn',
      SIM_ADMIN_KEY: sandboxAdminKey,
      // Headful runs open a Chromium per account: only the specs about headful mode turn it on.
      HEADFUL_SESSIONS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = collectOutput(child);
  // The server runs in its own process group (detached, so `stop` reaches tsx's child too): a
  // worker that exits without its teardown (a test's hard timeout) must not leave it running and
  // loading the machine for the rest of the suite.
  const killGroup = () => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  };
  process.once('exit', killGroup);
  child.once('exit', () => process.off('exit', killGroup));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
  };
  const started = async () => {
    const [, username, token, baseURL] = await waitForOutput(child, output, demoLinePattern);
    const sandbox = options.withSandboxAdmin ? sandboxGameOf(output(), sandboxAdminKey) : undefined;
    await waitUntilAnswering(baseURL!);
    return { baseURL: baseURL!, demo: { username: username!, token: token! }, sandbox };
  };
  return { output, stop, started };
}

/**
 * Starts the real server (sandbox mode) on a free port with a fresh data directory and returns
 * its address and the demo login it printed. The web build (apps/web/dist) must exist.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tradedesk-e2e-'));
  const database = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL) : undefined;
  let process_ = spawnServer(dataDir, database?.url, options);
  const removeData = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const running = async (): Promise<Omit<RunningServer, 'restart' | 'stop'>> => {
    try {
      const { sandbox, ...started } = await process_.started();
      return { ...started, ...(sandbox ? { sandbox } : {}), output: process_.output };
    } catch (error) {
      await process_.stop();
      await removeData();
      throw error;
    }
  };
  const server: RunningServer = {
    ...(await running()),
    restart: async (env) => {
      await process_.stop();
      process_ = spawnServer(dataDir, database?.url, { ...options, env: { ...options.env, ...env } });
      Object.assign(server, await running());
    },
    stop: async () => {
      await process_.stop();
      await removeData();
    },
  };
  return server;
}

/** Creates a user through the sandbox API (with the sandbox admin key), as a rehearsal would. */
export async function createSandboxUser(
  baseURL: string,
  user: {
    username: string;
    tier?: 'None' | 'Snipe' | 'Transfer';
    linked?: boolean;
    credits?: number;
    admin?: boolean;
  },
): Promise<{ username: string; token: string }> {
  const response = await fetch(`${baseURL}/api/sandbox/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-sim-admin-key': sandboxAdminKey },
    body: JSON.stringify(user),
  });
  const body = (await response.json()) as { data?: { username: string; token: string }; message?: string };
  if (response.status !== 201 || !body.data)
    throw new Error(`Could not create ${user.username}: ${body.message}`);
  return body.data;
}
