import { snipeStoppedFor } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { backends } from '../database.js';
import { createAccount, hubSuite, ronaldoFilter, startPayload } from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';

describe.each(backends)('an agent that reconnects resumes its runs (%s)', hubSuite, (backend) => {
  const setup = useStackAndBrowser(backend, { reconnectGraceMs: 20_000 });

  it('keeps the account running through a dropped connection and still stops it on request', async () => {
    const email = 'resume@example.com';
    const accountId = await createAccount(setup.browser.http, email);
    setup.browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await setup.browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the run to start',
    );
    const sessionUpdates = () => setup.browser.messages.filter((m) => m.action === 'upsert-session').length;
    const before = sessionUpdates();

    setup.stack.server.realtime.dropAgentTransports();
    // Events keep arriving once the agent is back: the run went on.
    await setup.browser.waitFor(() => sessionUpdates() > before + 1, 'session updates after the drop');
    expect(setup.stack.server.realtime.connectedAgents()).toEqual([setup.stack.agent.agentId]);

    setup.browser.send('snipe-stop', { id: accountId });
    await setup.browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === snipeStoppedFor(email),
      'the stopped notice',
    );
    const [row] = await setup.stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('inactive');
    expect(
      setup.browser.messages.some((m) => m.action === 'update-account' && m.data.status === 'error'),
    ).toBe(false);
  });
});
