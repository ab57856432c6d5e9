import { randomBytes } from 'node:crypto';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { redisChannelPrefixFor } from '../../src/realtime/redis.js';
import { createTestDatabase } from '../database.js';
import { connectScriptedAgent } from './scripted-agent.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  startPayload,
  startServerNode,
  type Browser,
  type ServerNode,
  testRedisUrl as redisUrl,
} from './stack.js';

/**
 * Two deployments (each its own database and SECRET_KEY) on one Redis, as staging beside
 * production or parallel test servers: neither may start a run on the other's agent, whose beats
 * would go to the other database (the run was ended as lost two minutes later).
 */
describe('deployments sharing one Redis', hubSuite, () => {
  // Fresh keys: a run of this file elsewhere on the same Redis is another deployment too.
  const keyA = randomBytes(32).toString('hex');
  const keyB = randomBytes(32).toString('hex');
  const databases: { database: Database; dispose: () => Promise<void> }[] = [];
  const nodes: ServerNode[] = [];
  const browsers: Browser[] = [];
  let agentOfA: Awaited<ReturnType<typeof connectScriptedAgent>>;
  let nodeB: ServerNode;
  let secondNodeOfA: ServerNode;

  beforeAll(async () => {
    const [databaseA, databaseB] = await Promise.all([
      createTestDatabase('pglite'),
      createTestDatabase('pglite'),
    ]);
    databases.push(databaseA, databaseB);
    const nodeA = await startServerNode(databaseA.database, { redisUrl, secretKey: keyA });
    nodeB = await startServerNode(databaseB.database, { redisUrl, secretKey: keyB });
    secondNodeOfA = await startServerNode(databaseA.database, { redisUrl, secretKey: keyA });
    nodes.push(nodeA, nodeB, secondNodeOfA);
    agentOfA = await connectScriptedAgent(nodeA, 'agent-of-deployment-a');
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browsers.forEach((browser) => browser.socket.disconnect());
    agentOfA?.socket.disconnect();
    for (const node of nodes) await node.app.close();
    for (const { dispose } of databases) await dispose();
  }, hubHookTimeoutMs);

  /** A new user on `node` starts a snipe; `seen` is how many commands deployment A's agent had before. */
  async function startSnipeOn(node: ServerNode) {
    const dashboard = await openBrowser(node, { tier: 'snipe', maxAccounts: 2, credits: 3 });
    browsers.push(dashboard);
    const account = await createAccount(dashboard.http, 'sniper@example.com');
    const seen = agentOfA.commands.length;
    dashboard.send('snipe-create-browser', startPayload(account, [ronaldoFilter()]));
    return { dashboard, account, seen };
  }

  it('names each deployment by its key alone, without showing the key', () => {
    expect(redisChannelPrefixFor(keyA)).toBe(redisChannelPrefixFor(keyA));
    expect(redisChannelPrefixFor(keyA)).not.toBe(redisChannelPrefixFor(keyB));
    expect(redisChannelPrefixFor(keyA)).not.toContain(keyA.slice(0, 8));
  });

  it("refuses a snipe on a deployment with no agent of its own rather than send it to another's", async () => {
    const { dashboard, seen } = await startSnipeOn(nodeB);
    expect(await dashboard.waitForError()).toBe(snipeMessages.noAgent);
    expect(agentOfA.commands.length).toBe(seen);
  });

  it("sends a snipe from another node of the same deployment to that deployment's agent", async () => {
    const { account, seen } = await startSnipeOn(secondNodeOfA);
    const command = await agentOfA.nextCommand('session-start', seen);
    expect(command.payload).toMatchObject({ accountId: account });
  });
});
