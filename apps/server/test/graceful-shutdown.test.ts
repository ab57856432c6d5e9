import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/cluster/cluster.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
/** Only stops a hang: a loaded 2-core machine may take minutes to start a node. */
const startLimitMs = 240_000;

const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 'refused' as const,
  );

describe('a node on SIGTERM', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it(
    'answers not ready while the balancer takes it out, still serves, then closes and exits 0',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'tradedesk-shutdown-'));
      folders.push(dataDir);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // The live mode has no sandbox game or embedded agent to start: only the node itself.
      const child = spawn(tsx, ['src/main.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          GAME_MODE: 'live',
          PORT: String(port),
          DATA_DIR: dataDir,
          SHUTDOWN_DRAIN_MS: '8000',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.stderr.resume();
      const deadline = Date.now() + startLimitMs;
      while ((await status(`${base}/readyz`)) !== 200) {
        if (Date.now() > deadline) throw new Error('the node did not become ready');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }

      child.kill('SIGTERM');
      // Draining: not ready for the balancer, alive, and still answering requests.
      let readiness = await status(`${base}/readyz`);
      while (readiness === 200) readiness = await status(`${base}/readyz`);
      expect(readiness).toBe(503);
      expect(await status(`${base}/healthz`)).toBe(200);
      expect(await status(`${base}/api/app/version`)).toBe(200);

      expect(await exited).toBe(0);
      expect(await status(`${base}/healthz`)).toBe('refused');
    },
    startLimitMs + 60_000,
  );
});
