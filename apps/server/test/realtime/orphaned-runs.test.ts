import { feedPrices, startAgent } from '@tradedesk/agent';
import { sandboxConfig } from '@tradedesk/game-client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { createAccount, hubSuite, ronaldoFilter, startPayload, type Stack } from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';
import { runningSnipes } from '../runs.js';

/** Longer than a start's way to the agent (the command time-out, 15 s, and the claim's reads). */
const pastAnyStartInFlightMs = 60_000;

/** kill -9 of the process tree: the agent vanishes, then starts again under its id, empty-handed. */
function restartAgentEmptyHanded(stack: Stack, afterMs: number) {
  const { agentId } = stack.agent;
  stack.agent.kill();
  stack.server.clock.advance(afterMs);
  return startAgent({
    agentId,
    serverUrl: stack.server.url,
    agentKey: stack.server.realtime.embeddedAgentKey,
    capacity: 10,
    game: sandboxConfig(stack.sim.url),
    prices: feedPrices({ feedsUrl: stack.sim.hosts.feeds }),
    heartbeatMs: 60_000,
  });
}

describe('runs orphaned by a killed agent wait for an agent as soon as it is back (pglite)', hubSuite, () => {
  // Nothing else would end the runs within these tests: no sweep, a long grace and heartbeat limit.
  const setup = useStackAndBrowser(
    'pglite',
    { reconnectGraceMs: 600_000, heartbeatTimeoutMs: 600_000 },
    { maxAccounts: 5 },
  );
  const startRun = async (email: string) => {
    const accountId = await createAccount(setup.browser.http, email);
    setup.browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await setup.browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      `${email} to run`,
    );
    return accountId;
  };

  it('moves an orphaned run to wait for an agent, but not one claimed so recently that its start may still be on its way', async () => {
    const orphan = await startRun('orphan@example.com');
    setup.stack.server.clock.advance(pastAnyStartInFlightMs);
    // Claimed a second before the agent comes back: as far as the node can tell, its start may
    // have been sent while the agent was between sockets, so the handshake could not name it.
    const recent = await startRun('recent@example.com');

    const restarted = restartAgentEmptyHanded(setup.stack, 1_000);
    try {
      await restarted.connected;
      await setup.browser.waitFor(
        (m) => m.action === 'update-account' && m.data.id === orphan && m.data.status === 'waiting',
        'the orphaned run to wait for an agent',
      );
      await setup.browser.waitFor(
        (m) => m.action === 'notification' && m.data.message === snipeMessages.lostWaitingForAgent,
        'the user to be told why',
      );
      const db = setup.stack.database.db;
      const [row] = await db.select().from(accounts).where(eq(accounts.id, orphan));
      expect(row?.status).toBe('waiting');
      expect((await runningSnipes(db, orphan)).map((run) => run.agentId)).toEqual(['']);
      // The same connect judged both: the recent run is left to its heartbeat limit.
      const [recentRun] = await runningSnipes(db, recent);
      expect(recentRun?.agentId).toBe(setup.stack.agent.agentId);
      const [recentRow] = await db.select().from(accounts).where(eq(accounts.id, recent));
      expect(recentRow?.status).not.toBe('error');
      expect(recentRow?.status).not.toBe('waiting');
    } finally {
      restarted.kill();
    }
  });
});
