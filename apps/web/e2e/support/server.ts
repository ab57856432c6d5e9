import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const startTimeoutMs = 90_000;

export type RunningServer = {
  baseURL: string;
  demo: { username: string; token: string };
  stop: () => Promise<void>;
};

/** Asks the OS for a port nobody is using, so parallel runs never collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const demoLinePattern = /Demo login — username: (\S+)\s+token: (\S+)/;

function waitForDemoLogin(
  child: ChildProcess,
  output: string[],
): Promise<{ username: string; token: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Server did not start in time:\n${output.join('')}`)),
      startTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = demoLinePattern.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve({ username: match[1]!, token: match[2]! });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited early (code ${code}):\n${output.join('')}`));
    });
  });
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
 * Starts the real server (sandbox mode) on a free port with a fresh data directory and returns
 * its address and the demo login it printed. The web build (apps/web/dist) must exist.
 */
export async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'tradedesk-e2e-'));
  const child = spawn(join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GAME_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const demo = await waitForDemoLogin(child, output);
    const baseURL = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(baseURL);
    return { baseURL, demo, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Creates a user through the sandbox API, as a person rehearsing in the sandbox would. */
export async function createSandboxUser(
  baseURL: string,
  user: { username: string; tier?: 'None' | 'Snipe' | 'Transfer'; linked?: boolean; credits?: number },
): Promise<{ username: string; token: string }> {
  const response = await fetch(`${baseURL}/api/sandbox/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body = (await response.json()) as { data?: { username: string; token: string }; message?: string };
  if (response.status !== 201 || !body.data)
    throw new Error(`Could not create ${user.username}: ${body.message}`);
  return body.data;
}
