import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { freePort } from '../src/cluster/cluster.js';
import { backends, createTestDatabase } from './database.js';
import { testSandboxAdminKey } from './helpers.js';

/** METRICS_PORT: the scraper's port has the metrics; the public one (behind an Ingress) has none. */
describe('a node with /metrics on a port of its own', () => {
  let app: App | undefined;
  let dispose: (() => Promise<void>) | undefined;
  let publicUrl = '';
  let metricsUrl = '';

  beforeAll(async () => {
    const created = await createTestDatabase(backends[0] ?? 'pglite');
    dispose = created.dispose;
    const metricsPort = await freePort();
    app = await buildApp({
      database: created.database,
      secretKey: 'ab'.repeat(32),
      gameMode: 'sandbox',
      sandboxAdminKey: testSandboxAdminKey,
      metricsAddress: { port: metricsPort, host: '127.0.0.1' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    publicUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('serves Prometheus text there, nothing on the public port, and closes with the app', async () => {
    const scraped = await fetch(`${metricsUrl}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    expect(await scraped.text()).toMatch(/^# TYPE tradedesk_runs /m);

    expect((await fetch(`${publicUrl}/metrics`)).status).toBe(404);
    // Health stays on the public port (the probes and the balancer ask there).
    expect((await fetch(`${publicUrl}/readyz`)).status).toBe(200);
    // The metrics port serves the metrics only.
    expect((await fetch(`${metricsUrl}/api/app/version`)).status).toBe(404);

    // It closes with the app.
    await app?.close();
    app = undefined;
    await expect(fetch(`${metricsUrl}/metrics`)).rejects.toThrow();
  });
});
