import { snipeStoppedFor } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { backends } from '../database.js';
import {
  createAccount,
  openBrowser,
  ronaldoFilter,
  startPayload,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';

describe.each(backends)('an agent that reconnects resumes its runs (%s)', (backend) => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack(backend, { reconnectGraceMs: 20_000 });
    browser = await openBrowser(stack.server);
  });
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
  });

  it('keeps the account running through a dropped connection and still stops it on request', async () => {
    const email = 'resume@example.com';
    const accountId = await createAccount(browser.http, email);
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the run to start',
    );
    const sessionUpdates = () => browser.messages.filter((m) => m.action === 'upsert-session').length;
    const before = sessionUpdates();

    stack.server.realtime.dropAgentTransports();
    // Events keep arriving once the agent is back: the run went on.
    await browser.waitFor(() => sessionUpdates() > before + 1, 'session updates after the drop');
    expect(stack.server.realtime.connectedAgents()).toEqual([stack.agent.agentId]);

    browser.send('snipe-stop', { id: accountId });
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === snipeStoppedFor(email),
      'the stopped notice',
    );
    const [row] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('inactive');
    expect(browser.messages.some((m) => m.action === 'update-account' && m.data.status === 'error')).toBe(
      false,
    );
  });
});
