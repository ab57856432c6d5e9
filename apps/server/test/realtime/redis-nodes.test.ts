import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
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

/**
 * A link to Redis on which every command arrives `delayMs` late (the answers come straight back):
 * a node's subscriptions then take hold that much after it sent them, as on a loaded machine.
 */
async function slowCommandLink(target: URL, delayMs: number) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    upstream.pipe(client);
    const drop = () => [client, upstream].forEach((socket) => socket.destroy());
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a server node starting on a slow link to Redis', hubSuite, () => {
  it('is in the cluster once it has started: an event from node A reaches its first browser', async () => {
    const { database, dispose } = await createTestDatabase('pglite');
    const cluster = { redisUrl, redisChannelPrefix: `test-${randomUUID()}` };
    const link = await slowCommandLink(new URL(redisUrl), 1_500);
    const nodeA = await startServerNode(database, cluster);
    // Node C's subscriptions reach Redis seconds after it sends them; started, it must be in.
    const nodeC = await startServerNode(database, { ...cluster, redisUrl: link.url });
    const browser = await openBrowser(nodeC);
    try {
      const userId = (await browser.http.get('/api/user')).body.data.id as string;
      nodeA.realtime.emitToUser(userId, 'notification', { type: 'success', message: 'Hello from node A' });
      const received = await browser.waitFor(
        (m) => m.action === 'notification' && m.data.message === 'Hello from node A',
        'the event of node A on node C',
      );
      expect(received.data).toEqual({ type: 'success', message: 'Hello from node A' });
    } finally {
      browser.socket.disconnect();
      await nodeC.app.close();
      await nodeA.app.close();
      await link.close();
      await dispose();
    }
  });
});
