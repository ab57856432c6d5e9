import { randomUUID } from 'node:crypto';
import { feedPrices, startAgent, type RunningAgent } from '@tradedesk/agent';
import { sandboxConfig } from '@tradedesk/game-client';
import type { RunningSim } from '@tradedesk/game-sim';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { accounts } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import type { RealtimeOptions } from '../../src/realtime/index.js';
import { backends, createTestDatabase } from '../database.js';
import { freePort } from '../../src/cluster/cluster.js';
import { startHaproxy } from '../../src/cluster/haproxy.js';
import { TestClock } from '../helpers.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  startPayload,
  startQuietSim,
  startServerNode,
  type Browser,
  type ServerNode,
  waitDeadlineMs,
  testRedisUrl as redisUrl,
} from './stack.js';
import { runOf, runningSnipes } from '../runs.js';

// Server nodes share one database: PostgreSQL when configured, as in production.
const backend = backends[backends.length - 1] ?? 'pglite';
const heartbeatTimeoutMs = 10_000;
const connectedHeartbeatTimeoutMs = 120_000;
/** The key every node of the cluster accepts (AGENT_KEYS): an agent may land on any of them. */
const clusterAgentKey = 'cluster-test-agent-key-'.padEnd(40, 'k');

/** Polls a condition the cluster makes true (an agent re-claiming its run); the limit only stops a hang. */
async function eventually(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + waitDeadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two server nodes on one database and one Redis, each with its own agents, and a browser signed
 * in to node A. Nodes and agents started by a test are stopped after it.
 */
describe(`a cluster of two server nodes (${backend})`, hubSuite, () => {
  let database: Database;
  let dispose: () => Promise<void>;
  let sim: RunningSim;
  let cluster: RealtimeOptions;
  // One clock for the cluster: the sweeper compares heartbeats written by every node.
  const clock = new TestClock();
  let nodeA: ServerNode;
  let browser: Browser;
  let started: { nodes: ServerNode[]; agents: RunningAgent[] } = { nodes: [], agents: [] };

  const startNode = async (options: RealtimeOptions = {}) => {
    const node = await startServerNode(
      database,
      { ...cluster, heartbeatTimeoutMs, connectedHeartbeatTimeoutMs, ...options },
      clock,
    );
    started.nodes.push(node);
    return node;
  };
  const connectAgent = async (node: ServerNode, capacity: number, agentId?: string, heartbeatMs?: number) => {
    const agent = startAgent({
      serverUrl: node.url,
      agentKey: clusterAgentKey,
      ...(agentId === undefined ? {} : { agentId }),
      ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
      capacity,
      game: sandboxConfig(sim.url),
      prices: feedPrices({ feedsUrl: sim.hosts.feeds }),
    });
    started.agents.push(agent);
    await agent.connected;
    return agent;
  };
  const startRun = async (email: string) => {
    const accountId = await createAccount(browser.http, email);
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      `${email} to run (errors: ${browser.errors.join(', ')})`,
    );
    return accountId;
  };
  const leaseOf = async (accountId: string) => (await runningSnipes(database.db, accountId))[0];
  const accountRow = async (accountId: string) =>
    (await database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0];
  /**
   * The user stops the account's run (waiting, or gone on on an agent): a run left waiting would
   * take a slot of a later test's agent at its sweep.
   */
  const stopRun = async (accountId: string) => {
    browser.send('snipe-stop', { id: accountId });
    await eventually(async () => (await leaseOf(accountId)) === undefined, 'the run to stop');
  };

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase(backend));
    // Channels of their own, so nodes of other test files on the same Redis are not in this cluster.
    cluster = { redisUrl, redisChannelPrefix: `test-${randomUUID()}`, agentKeys: [clusterAgentKey] };
    sim = await startQuietSim();
    nodeA = await startServerNode(
      database,
      { ...cluster, heartbeatTimeoutMs, connectedHeartbeatTimeoutMs },
      clock,
    );
    browser = await openBrowser(nodeA, { maxAccounts: 10 });
  }, hubHookTimeoutMs);
  afterEach(async () => {
    for (const agent of started.agents) agent.kill();
    for (const node of started.nodes) await node.app.close();
    started = { nodes: [], agents: [] };
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await nodeA?.app.close();
    await sim?.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  it('sends a start taken by node A to the agent with free slots, on whichever node it is connected', async () => {
    const agentOfA = await connectAgent(nodeA, 1);
    const nodeB = await startNode();
    const agentOfB = await connectAgent(nodeB, 1);

    const first = await startRun('first@example.com');
    const second = await startRun('second@example.com');
    // Both agents had one slot: the two runs went to different agents, one of them across nodes.
    const holders = [(await leaseOf(first))?.agentId, (await leaseOf(second))?.agentId];
    expect(holders.sort()).toEqual([agentOfA.agentId, agentOfB.agentId].sort());
    expect(agentOfA.sessionCount() + agentOfB.sessionCount()).toBe(2);

    const third = await createAccount(browser.http, 'third@example.com');
    browser.send('snipe-create-browser', startPayload(third, [ronaldoFilter()]));
    expect(await browser.waitForError()).toBe(snipeMessages.noAgent);
  });

  it('moves the snipe runs of a lost agent to wait for an agent, seen by a browser on the other node', async () => {
    const nodeB = await startNode();
    const agent = await connectAgent(nodeB, 2);
    const accountId = await startRun('lost.agent@example.com');
    expect((await leaseOf(accountId))?.agentId).toBe(agent.agentId);

    agent.kill();
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'waiting',
      'the account to wait for an agent',
    );
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === snipeMessages.lostWaitingForAgent,
      'the user to be told why',
    );
    expect((await leaseOf(accountId))?.agentId).toBe('');
    await stopRun(accountId);
  });

  it('reclaims the leases of an agent whose node vanished with it once its heartbeats are late', async () => {
    // Node B never notices the loss: its loss timer would run for ten minutes, and it goes too.
    const nodeB = await startNode({ reconnectGraceMs: 600_000 });
    const agent = await connectAgent(nodeB, 2);
    const accountId = await startRun('lost.machine@example.com');

    agent.kill();
    await nodeB.app.close();
    started.nodes = started.nodes.filter((node) => node !== nodeB);
    clock.advance(heartbeatTimeoutMs + 1_000);
    await nodeA.realtime.sweep();
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'waiting',
      'the account to wait for an agent',
    );
    expect((await leaseOf(accountId))?.agentId).toBe('');
    await stopRun(accountId);
  });

  it('keeps the runs of an agent connected to the other node whose heartbeats are late, up to the long limit', async () => {
    const nodeB = await startNode();
    // A loaded node: the agent's beats do not arrive (its beat interval outlasts the test).
    const agent = await connectAgent(nodeB, 2, undefined, 600_000);
    const accountId = await startRun('slow.agent@example.com');

    clock.advance(heartbeatTimeoutMs + 1_000);
    await nodeA.realtime.sweep();
    expect(await accountRow(accountId)).toMatchObject({ status: 'active' });
    expect((await leaseOf(accountId))?.agentId).toBe(agent.agentId);

    // Connected but silent past the long limit: it no longer runs what it holds; the run waits for
    // an agent (the same sweep may already have given it one: its agent has a free slot now).
    const { leaseId } = (await leaseOf(accountId)) ?? {};
    const seen = browser.messages.length;
    clock.advance(connectedHeartbeatTimeoutMs);
    await nodeA.realtime.sweep();
    expect((await runningSnipes(database.db, accountId)).map((run) => run.leaseId)).not.toContain(leaseId);
    expect((await runOf(database.db, leaseId ?? ''))?.status).toBe('lost');
    await browser.waitFor(
      (m) =>
        browser.messages.indexOf(m) >= seen &&
        m.action === 'update-account' &&
        m.data.id === accountId &&
        m.data.status === 'waiting',
      'the account to wait for an agent',
    );
    await stopRun(accountId);
  });

  it('keeps the run of an agent that moves to the other node through HAProxy when its node dies', async () => {
    const nodeB = await startNode({ reconnectGraceMs: 600_000 });
    // HAProxy fills node B first: the agent's connection lands there; when B is gone it lands on A.
    const balancer = await startHaproxy({
      port: await freePort(),
      balance: 'first',
      backends: [nodeB, nodeA].map((node, index) => ({
        name: `node-${index + 1}`,
        host: '127.0.0.1',
        port: Number(new URL(node.url).port),
      })),
    });
    try {
      const agent = await agentThrough(balancer.url);
      expect(nodeB.realtime.connectedAgents()).toEqual([agent.agentId]);
      const accountId = await startRun('moving.agent@example.com');

      // Later than the heartbeat limit: only beats received after the move keep the run.
      clock.advance(heartbeatTimeoutMs + 1_000);
      await nodeB.app.close();
      started.nodes = started.nodes.filter((node) => node !== nodeB);
      // Back on node A, the agent re-claims its run there (a beat at the new time).
      const movedAt = clock.now().getTime();
      await eventually(
        async () =>
          nodeA.realtime.connectedAgents().includes(agent.agentId) &&
          ((await leaseOf(accountId))?.heartbeatAt.getTime() ?? 0) >= movedAt,
        'the agent to re-claim its run on node A',
      );
      await nodeA.realtime.sweep();
      expect(await accountRow(accountId)).toMatchObject({ status: 'active', description: '' });
      expect((await leaseOf(accountId))?.agentId).toBe(agent.agentId);
      const updates = () =>
        browser.messages.filter((m) => m.action === 'upsert-session' && m.data.accountId === accountId)
          .length;
      const before = updates();
      await browser.waitFor(() => updates() > before, 'the run to report through node A');
    } finally {
      await balancer.close();
    }
  });

  /**
   * A second node, B, and HAProxy in front of B and A filling B first (an agent's connection lands
   * there); `drainUntilDown` fails B's checks, as a busy or stopping node does, until HAProxy marks it down.
   */
  async function nodeBFirst() {
    const nodeB = await startNode();
    const balancerLines: string[] = [];
    const balancer = await startHaproxy({
      port: await freePort(),
      balance: 'first',
      backends: [nodeB, nodeA].map((node, index) => ({
        name: `node-${index + 1}`,
        host: '127.0.0.1',
        port: Number(new URL(node.url).port),
      })),
      output: (line) => balancerLines.push(line),
    });
    const drainUntilDown = async () => {
      nodeB.app.readiness.drain();
      await eventually(
        () => balancerLines.some((line) => /node-1 is DOWN/.test(line)),
        'HAProxy to mark node B down',
      );
    };
    return { nodeB, balancer, drainUntilDown };
  }

  /** A sandbox agent of two slots connected through the balancer at `url`. */
  async function agentThrough(url: string, options: { heartbeatMs?: number } = {}) {
    const agent = startAgent({
      serverUrl: url,
      agentKey: clusterAgentKey,
      capacity: 2,
      ...options,
      game: sandboxConfig(sim.url),
      prices: feedPrices({ feedsUrl: sim.hosts.feeds }),
    });
    started.agents.push(agent);
    await agent.connected;
    return agent;
  }

  it('keeps the sockets of a node HAProxy takes out: its agent and run stay on it', async () => {
    const { nodeB, balancer, drainUntilDown } = await nodeBFirst();
    try {
      const agent = await agentThrough(balancer.url, { heartbeatMs: 200 });
      expect(nodeB.realtime.connectedAgents()).toEqual([agent.agentId]);
      const accountId = await startRun('slow.node@example.com');

      // Node B fails its checks (as a node too busy to answer would) until HAProxy marks it down.
      await drainUntilDown();
      // A beat stamped after the mark reaches the database: had HAProxy cut the agent's socket,
      // it would have come through node A (the only node left) instead.
      clock.advance(1_000);
      const afterMark = clock.now().getTime();
      await eventually(
        async () => ((await leaseOf(accountId))?.heartbeatAt.getTime() ?? 0) >= afterMark,
        'a beat after the mark',
      );
      expect(nodeB.realtime.connectedAgents()).toEqual([agent.agentId]);
      expect(nodeA.realtime.connectedAgents()).not.toContain(agent.agentId);
      expect(await accountRow(accountId)).toMatchObject({ status: 'active' });
    } finally {
      await balancer.close();
    }
  });

  it('moves its agents to another node before it drops its browsers when it closes', async () => {
    const { nodeB, balancer, drainUntilDown } = await nodeBFirst();
    const pageOnB = await openBrowser(nodeB);
    try {
      const agent = await agentThrough(balancer.url);
      expect(nodeB.realtime.connectedAgents()).toEqual([agent.agentId]);
      const accountId = await startRun('rolling.node@example.com');

      // A rolling deploy: node B is told to stop, HAProxy takes it out, then it closes.
      await drainUntilDown();
      // The surviving node answers connections in turn: an agent behind every browser of the
      // closing node reached it late, and its runs were judged lost. The agent goes first.
      let agentOnAWhenPageDropped: boolean | undefined;
      pageOnB.socket.once('disconnect', () => {
        agentOnAWhenPageDropped = nodeA.realtime.connectedAgents().includes(agent.agentId);
      });
      await nodeB.app.close();
      started.nodes = started.nodes.filter((node) => node !== nodeB);
      await eventually(() => agentOnAWhenPageDropped !== undefined, 'the page on node B to be dropped');
      expect(agentOnAWhenPageDropped).toBe(true);
      expect(await accountRow(accountId)).toMatchObject({ status: 'active' });
      expect((await leaseOf(accountId))?.agentId).toBe(agent.agentId);
    } finally {
      pageOnB.socket.disconnect();
      await balancer.close();
    }
  });

  it('moves the runs of its own embedded agent to wait for an agent when a node starts again after a crash', async () => {
    const embeddedAgentId = `embedded-node-${randomUUID().slice(0, 8)}`;
    // kill -9 of node B's process: its embedded agent and its loss timers die with it.
    const nodeB = await startNode({ reconnectGraceMs: 600_000 });
    const embedded = await connectAgent(nodeB, 2, embeddedAgentId);
    const accountId = await startRun('crashed.node@example.com');
    expect((await leaseOf(accountId))?.agentId).toBe(embeddedAgentId);
    embedded.kill();
    await nodeB.app.close();
    started.nodes = started.nodes.filter((node) => node !== nodeB);
    expect((await accountRow(accountId))?.status).toBe('active');

    // The node starts again under the same id: before any agent connects, the old run is over,
    // and the run waits for an agent.
    await startNode({ embeddedAgentId });
    expect(await accountRow(accountId)).toMatchObject({ status: 'waiting' });
    expect((await leaseOf(accountId))?.agentId).toBe('');
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'waiting',
      'the browser on node A to see the run wait',
    );
    await stopRun(accountId);
  });
});
