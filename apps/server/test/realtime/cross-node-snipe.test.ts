import { randomUUID } from 'node:crypto';
import { feedPrices, startAgent, type RunningAgent } from '@tradedesk/agent';
import { filterSwitchedFor, snipeStoppedFor } from '@tradedesk/domain';
import { sandboxConfig } from '@tradedesk/game-client';
import type { RunningSim } from '@tradedesk/game-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { accounts } from '../../src/db/schema.js';
import { backends, createTestDatabase } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  saveRonaldoFilter,
  startPayload,
  startQuietSim,
  startServerNode,
  type Browser,
  type ServerNode,
  testRedisUrl as redisUrl,
} from './stack.js';
import { runningSnipes } from '../runs.js';

// Server nodes share one database: PostgreSQL when configured, as in production.
const backend = backends[backends.length - 1] ?? 'pglite';

describe(`a browser on one node drives an agent connected to another (${backend})`, hubSuite, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let nodeA: ServerNode;
  let nodeB: ServerNode;
  let sim: RunningSim;
  let agent: RunningAgent;
  let browser: Browser;

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase(backend));
    // Channels of their own, so nodes of other test files on the same Redis are not in this cluster.
    const cluster = { redisUrl, redisChannelPrefix: `test-${randomUUID()}` };
    nodeA = await startServerNode(database, cluster);
    nodeB = await startServerNode(database, cluster);
    sim = await startQuietSim();
    agent = startAgent({
      serverUrl: nodeB.url,
      agentKey: nodeB.realtime.embeddedAgentKey,
      capacity: 2,
      game: sandboxConfig(sim.url),
      prices: feedPrices({ feedsUrl: sim.hosts.feeds }),
      heartbeatMs: 60_000,
    });
    await agent.connected;
    browser = await openBrowser(nodeA);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    agent?.kill();
    await nodeA?.app.close();
    await nodeB?.app.close();
    await sim?.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  it('starts, switches the filter of and stops a run on the agent of the other node', async () => {
    expect(nodeA.realtime.connectedAgents()).toEqual([]);
    expect(nodeB.realtime.connectedAgents()).toEqual([agent.agentId]);
    const email = 'across.nodes@example.com';
    const accountId = await createAccount(browser.http, email);
    const first = await saveRonaldoFilter(browser.http, 'Ronaldo cheap', 900);
    const second = await saveRonaldoFilter(browser.http, 'Ronaldo cheaper', 700);

    browser.send('snipe-create-browser', startPayload(accountId, [first]));
    // Active: the agent's session signed in to the sandbox game and its event reached node A.
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the account to be active',
    );
    expect(agent.sessionCount()).toBe(1);
    const [lease] = await runningSnipes(database.db, accountId);
    expect(lease?.agentId).toBe(agent.agentId);

    browser.send('snipe-create-browser', startPayload(accountId, [second], undefined, true));
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === filterSwitchedFor(email),
      'the switched notice',
    );

    browser.send('snipe-stop', { id: accountId });
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === snipeStoppedFor(email),
      'the stopped notice',
    );
    const [row] = await database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('inactive');
    expect(await runningSnipes(database.db, accountId)).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
