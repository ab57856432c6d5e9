import { feedPrices, startAgent } from '@tradedesk/agent';
import { sandboxConfig } from '@tradedesk/game-client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { createAccount, hubSuite, ronaldoFilter, startPayload } from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';
import { runningSnipes } from '../runs.js';

describe('runs orphaned by a killed agent end as soon as it is back (pglite)', hubSuite, () => {
  // Nothing else would end the run within this test: no sweep, a long grace and heartbeat limit.
  const setup = useStackAndBrowser('pglite', { reconnectGraceMs: 600_000, heartbeatTimeoutMs: 600_000 });

  it('marks the account Error with the agent-lost description when the same agent reconnects without the run', async () => {
    const accountId = await createAccount(setup.browser.http, 'orphan@example.com');
    setup.browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await setup.browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the run to start',
    );

    // kill -9 of the process tree: the agent vanishes, then starts again under its id, empty-handed.
    const { agentId } = setup.stack.agent;
    setup.stack.agent.kill();
    setup.stack.server.clock.advance(1_000);
    const restarted = startAgent({
      agentId,
      serverUrl: setup.stack.server.url,
      agentKey: setup.stack.server.realtime.embeddedAgentKey,
      capacity: 10,
      game: sandboxConfig(setup.stack.sim.url),
      prices: feedPrices({ feedsUrl: setup.stack.sim.hosts.feeds }),
      heartbeatMs: 60_000,
    });
    try {
      await restarted.connected;
      const lost = await setup.browser.waitFor(
        (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'error',
        'the account to turn error',
      );
      expect(lost.data.description).toBe(snipeMessages.agentLost);
      const [row] = await setup.stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(row).toMatchObject({ status: 'error', description: snipeMessages.agentLost });
      expect(await runningSnipes(setup.stack.database.db, accountId)).toEqual([]);
    } finally {
      restarted.kill();
    }
  });
});
