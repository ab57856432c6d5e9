import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedSim } from './sim.js';

const adminKey = 'embedded-sim-key';
const quietLog = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

async function simAdmin(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/admin${path}`, {
    method,
    headers: { 'x-sim-admin-key': adminKey, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('the embedded sandbox game keeps its world in DATA_DIR', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('starts, changes, restarts: the same accounts and balances', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'desk-data-'));
    dirs.push(dataDir);
    const first = await startEmbeddedSim(quietLog, { adminKey, dataDir });
    if (!first) throw new Error('the sandbox game did not start');
    const { id } = await simAdmin(first.url, 'POST', '/accounts', {
      email: 'restart@example.com',
      password: 'restart-pass',
      backupCode: 'REST1234',
      platform: 'pc',
    });
    await simAdmin(first.url, 'PUT', `/accounts/${String(id)}/coins`, { coins: 109_500 });
    await first.close();

    const second = await startEmbeddedSim(quietLog, { adminKey, dataDir });
    if (!second) throw new Error('the sandbox game did not start again');
    try {
      expect(await simAdmin(second.url, 'GET', `/accounts/${String(id)}`)).toMatchObject({
        email: 'restart@example.com',
        coins: 109_500,
      });
    } finally {
      await second.close();
    }
  }, 120_000);
});
