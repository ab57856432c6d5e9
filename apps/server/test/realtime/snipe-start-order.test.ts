import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { backends } from '../database.js';
import { scriptedAgentStack } from './scripted-stack.js';
import {
  createAccount,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  snipeConfiguration,
  startPayload,
} from './stack.js';

/**
 * The agent signs in as soon as it takes a start, so on a loaded node its session's Active can be
 * stored before the start's answer is read. The row must end Active, not Logging in.
 */
describe.each(backends)('a session that reports Active before its start is answered (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, {
    beforeAnswer: async (command, socket) => {
      if (command.name !== 'session-start') return;
      const { leaseId, accountId } = command.payload as { leaseId?: string; accountId?: string };
      const event = { type: 'account-update', at: 0, accountId, status: 'active', profits: 0 };
      await socket.emitWithAck('session-event', { leaseId, seq: 0, event });
    },
  });

  it('shows the account Active, keeping the headful note', hubSuite, async () => {
    const browser = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 1 });
    stack.browsers.push(browser);
    const accountId = await createAccount(browser.http, 'early.active@example.com');
    const headful = snipeConfiguration({ advanced: { isHeadlessEnabled: false } });
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()], headful));
    await browser.waitFor(
      (m) => m.action === 'snipe-started' && m.data['accountId'] === accountId,
      'the start to be answered',
    );
    const db = stack.node.app.appContext.db;
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row).toMatchObject({ status: 'active', description: snipeMessages.headfulFallback });
    const updates = browser.messages.filter((m) => m.action === 'update-account' && m.data.id === accountId);
    expect(updates.at(-1)?.data).toMatchObject({
      status: 'active',
      description: snipeMessages.headfulFallback,
    });
  });
});
