import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { createTestDatabase } from '../database.js';
import {
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  startServerNode,
  type Browser,
  type ServerNode,
  testRedisUrl as redisUrl,
} from './stack.js';

describe('two server nodes share rooms through Redis', hubSuite, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let nodeA: ServerNode;
  let nodeB: ServerNode;
  let browser: Browser;

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase('pglite'));
    // Channels of their own: nodes of other test files (or other runs) on the same Redis are not in this pair.
    const cluster = { redisUrl, redisChannelPrefix: `test-${randomUUID()}` };
    nodeA = await startServerNode(database, cluster);
    nodeB = await startServerNode(database, cluster);
    browser = await openBrowser(nodeA);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await nodeA?.app.close();
    await nodeB?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

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
