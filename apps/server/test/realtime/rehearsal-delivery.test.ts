import { startAgent, type RehearsalSides, type RunningAgent } from '@tradedesk/agent';
import type { RarityFilter, RehearsalSide } from '@tradedesk/domain';
import { sandboxConfig } from '@tradedesk/game-client';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { snipeRehearsals } from '../../src/db/schema.js';
import { rehearsalRepo } from '../../src/modules/rehearsal/repo.js';
import { backends, createTestDatabase } from '../database.js';
import { saveGoldRares, waitForRehearsal } from './rehearsal-helpers.js';
import {
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  startServerNode,
  type Browser,
  type ServerNode,
} from './stack.js';

/** What one try to store a rehearsal's result did: stored it, changed nothing (a repeat), or failed. */
type ResultStore = 'stored' | 'unchanged' | 'failed';

/**
 * Watches the server store rehearsal results (the one write a `result` event makes); `beforeStore`
 * runs before each try, numbered from 1, and may throw to fail it as a database that is away would.
 */
function watchResultStores(beforeStore: (attempt: number) => void) {
  const original = rehearsalRepo.updateRunning;
  const outcomes: ResultStore[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const record = (outcome: ResultStore) => {
    outcomes.push(outcome);
    for (const waiter of waiters.filter((entry) => outcomes.length >= entry.count)) waiter.resolve();
  };
  const spy = vi.spyOn(rehearsalRepo, 'updateRunning').mockImplementation(async (db, id, patch, at) => {
    if (patch.status !== 'done') return original(db, id, patch, at);
    try {
      beforeStore(outcomes.length + 1);
    } catch (error) {
      record('failed');
      throw error;
    }
    const row = await original(db, id, patch, at);
    record(row === undefined ? 'unchanged' : 'stored');
    return row;
  });
  return {
    outcomes,
    /** Resolves once the server has tried to store a result `count` times. */
    tries: (count: number) =>
      new Promise<void>((resolve) => {
        if (outcomes.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    restore: () => spy.mockRestore(),
  };
}

const quietSide: RehearsalSide = {
  profit: 0,
  wins: 0,
  losses: 0,
  missed: 0,
  requests: 0,
  softBans: 0,
  peakRequestsPerMinute: 0,
  requestsPerMinute: 0,
  profitByMinute: [0, 0, 0, 0, 0],
  best: [],
  worst: [],
};

/**
 * Sides that finish at once, half-way progress first: the delivery of a rehearsal's events is
 * under test here, not the sandbox world (rehearsal.test.ts runs that). `beforeResult` runs as
 * the first side finishes, i.e. right before the agent sends the result.
 */
function instantSides(beforeResult: () => void): RehearsalSides {
  let finished = 0;
  return {
    async run(_kind, _command, onProgress) {
      onProgress(0.5);
      await Promise.resolve();
      if (finished++ === 0) beforeResult();
      return { side: quietSide, limits: { perMinute: 40, perHour: 1_000 } };
    },
    close() {},
  };
}

describe.each(backends)('a rehearsal result reaches the server once (%s)', hubSuite, (backend) => {
  const agentKey = 'rehearsal-delivery-agent-key-'.padEnd(40, 'k');
  let dispose: () => Promise<void>;
  let server: ServerNode;
  let agent: RunningAgent;
  let browser: Browser;
  let filter: RarityFilter;
  let stores: ReturnType<typeof watchResultStores> | undefined;
  let beforeResult = () => {};

  beforeAll(async () => {
    const database = await createTestDatabase(backend);
    dispose = database.dispose;
    // A dropped agent has a minute to come back: its rehearsal must not be ended as lost meanwhile.
    server = await startServerNode(database.database, { agentKeys: [agentKey], reconnectGraceMs: 60_000 });
    agent = startAgent({
      serverUrl: server.url,
      agentKey,
      capacity: 2,
      // Never reached: the instant sides play no game.
      game: sandboxConfig('http://127.0.0.1:9'),
      heartbeatMs: 60_000,
      rehearsalSides: instantSides(() => beforeResult()),
    });
    await agent.connected;
    browser = await openBrowser(server);
    filter = await saveGoldRares(browser.http, 'Gold rares');
  }, hubHookTimeoutMs);
  afterEach(() => {
    stores?.restore();
    stores = undefined;
    beforeResult = () => {};
  });
  afterAll(async () => {
    browser?.socket.disconnect();
    agent?.kill();
    await server?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  /** Starts a five-minute rehearsal of the filter and answers its id once it is done. */
  async function rehearseUntilDone(): Promise<string> {
    const ids = [filter.id ?? ''];
    // The tests share the filter: each rehearsal is made the latest at the standing test clock.
    server.clock.advance(1_000);
    const before = await waitForRehearsal(browser.http, ids, () => true);
    browser.send('snipe-rehearse', { filterIds: ids, spanMinutes: 5 });
    const done = await waitForRehearsal(
      browser.http,
      ids,
      (rehearsal) => rehearsal !== null && rehearsal.id !== before?.id && rehearsal.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'done', progress: 1 });
    expect(done?.result?.spanMinutes).toBe(5);
    return done?.id ?? '';
  }

  const rowsOf = (rehearsalId: string) =>
    server.app.appContext.db.select().from(snipeRehearsals).where(eq(snipeRehearsals.id, rehearsalId));

  it('answers a failed store with retry, and the agent sends the result again until it is stored', async () => {
    const watched = watchResultStores((attempt) => {
      if (attempt === 1) throw new Error('the database is away');
    });
    stores = watched;
    const rehearsalId = await rehearseUntilDone();
    // The page can read the stored row before the store's own call has returned to the server:
    // wait for that return, then look at what each try did.
    await watched.tries(2);
    // Stored by the agent's second send, which only the server's `retry` answer asks for.
    expect(watched.outcomes).toEqual(['failed', 'stored']);
    const rows = await rowsOf(rehearsalId);
    expect(rows.map((row) => row.status)).toEqual(['done']);
  });

  it('keeps the result the agent sends again after its connection dropped before the acknowledgement', async () => {
    const watched = watchResultStores((attempt) => {
      // The result has arrived: the agent's connection drops, so its acknowledgement is lost.
      if (attempt === 1) server.realtime.dropAgentTransports();
    });
    stores = watched;
    const rehearsalId = await rehearseUntilDone();
    // The agent, back on its socket, sends the unacknowledged result again: it changes nothing.
    await watched.tries(2);
    expect(watched.outcomes).toEqual(['stored', 'unchanged']);
    const [row] = await rowsOf(rehearsalId);
    expect(row).toMatchObject({ status: 'done', progress: 1 });
    expect(server.realtime.connectedAgents()).toEqual([agent.agentId]);
  });

  it('delivers the result once when the agent’s connection drops right before it is sent', async () => {
    const watched = watchResultStores(() => {});
    stores = watched;
    beforeResult = () => server.realtime.dropAgentTransports();
    const rehearsalId = await rehearseUntilDone();
    // Sent on the dropped connection or held until the agent was back: stored once either way.
    expect(watched.outcomes).toEqual(['stored']);
    expect((await rowsOf(rehearsalId)).map((row) => row.status)).toEqual(['done']);
    expect(server.realtime.connectedAgents()).toEqual([agent.agentId]);
  });
});
