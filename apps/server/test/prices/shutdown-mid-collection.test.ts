import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestDatabase } from '../database.js';
import { captureLog } from '../log-capture.js';

describe('a server shutting down during its first price collection', () => {
  it('stores the feed in hand, then closes its database, with no failure logged', async () => {
    const { database } = await createTestDatabase('pglite');
    const log = captureLog('info');
    const app = await buildApp({
      database,
      secretKey: 'ab'.repeat(32),
      gameMode: 'sandbox',
      loggerInstance: log.logger,
      ownsDatabase: true,
    });
    let asked!: () => void;
    const feedAsked = new Promise<void>((resolve) => (asked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const [card] = loadCatalogue().cards;
    const feeds = createServer((_request, response) => {
      asked();
      void released.then(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            generatedAt: Date.now(),
            prices: [{ definitionId: card!.definitionId, price: 4_200, updatedAt: Date.now() - 60_000 }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
    try {
      await app.ready();
      const { port } = feeds.address() as AddressInfo;
      app.priceDatabase.collection.start({
        feedUrl: `http://127.0.0.1:${port}`,
        intervalMs: 60_000,
        historyDays: 7,
      });
      await feedAsked;
      const closing = app.close();
      release();
      await closing;
    } finally {
      feeds.close();
    }
    expect(log.text()).toContain('Collected 1 prices');
    expect(log.text()).not.toContain('Price collection failed');
    expect(log.text()).not.toContain('Pruning the price history failed');
  });
});
