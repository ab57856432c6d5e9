import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createTestDatabase } from '../database.js';
import { openBrowser, startServerNode, type Browser, type ServerNode } from './stack.js';

// A real Redis: REDIS_URL when set (CI), else the one every development machine runs locally.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two server nodes share rooms through Redis', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let nodeA: ServerNode;
  let nodeB: ServerNode;
  let browser: Browser;

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase('pglite'));
    nodeA = await startServerNode(database, { redisUrl });
    nodeB = await startServerNode(database, { redisUrl });
    browser = await openBrowser(nodeA);
  });
  afterAll(async () => {
    browser?.socket.disconnect();
    await nodeA?.app.close();
    await nodeB?.app.close();
    await dispose?.();
  });

  it('delivers an event emitted on node B to a web client connected to node A', async () => {
    const userId = (await browser.http.get('/api/user')).body.data.id as string;
    nodeB.realtime.emitToUser(userId, 'notification', { type: 'success', message: 'Hello from node B' });
    const received = await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === 'Hello from node B',
      'the cross-node event',
    );
    expect(received.data).toEqual({ type: 'success', message: 'Hello from node B' });
  });
});
