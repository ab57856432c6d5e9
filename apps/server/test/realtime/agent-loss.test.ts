import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, snipeLogEntries } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { backends } from '../database.js';
import { createAccount, hubSuite, injectListing, ronaldoFilter, startPayload } from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';
import { runningSnipes } from '../runs.js';

const connectedHeartbeatTimeoutMs = 120_000;

describe.each(backends)('a lost agent loses nothing bought (%s)', hubSuite, (backend) => {
  const setup = useStackAndBrowser(
    backend,
    { heartbeatTimeoutMs: 45_000, connectedHeartbeatTimeoutMs },
    { maxAccounts: 5 },
  );

  it('keeps the acknowledged purchase and marks the account error when the agent dies mid-run', async () => {
    const accountId = await createAccount(setup.browser.http, 'crash@example.com');
    await injectListing(setup.stack.sim, 450);
    setup.browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await setup.browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId,
      'the purchase',
    );

    // The agent that holds the run: another test may have started a second one (tests run shuffled).
    const [lease] = await runningSnipes(setup.stack.database.db, accountId);
    const holder = setup.stack.agents.find((agent) => agent.agentId === lease?.agentId);
    if (!holder) throw new Error(`no agent of this stack holds the run (lease: ${JSON.stringify(lease)})`);
    holder.kill();
    const lost = await setup.browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'error',
      'the account to turn error',
    );
    expect(lost.data.description).toBe(snipeMessages.agentLost);

    const entries = await setup.stack.database.db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.accountId, accountId));
    expect(entries.map((entry) => entry.buyPrice)).toEqual([450]);
    const [row] = await setup.stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row).toMatchObject({ status: 'error', description: snipeMessages.agentLost });
    expect(await runningSnipes(setup.stack.database.db, accountId)).toEqual([]);
  });

  it('keeps the runs of a connected agent whose heartbeats are late, and ends them past the long limit', async () => {
    await setup.stack.startAgent();
    const accountId = await createAccount(setup.browser.http, 'silent@example.com');
    setup.browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await setup.browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the run to start',
    );
    // The agent's heartbeat interval is a minute; on the app clock the lease is now 46 s old, but
    // the agent is connected: a late beat is a slow node, not a lost agent.
    setup.stack.server.clock.advance(46_000);
    await setup.stack.server.realtime.sweep();
    const [kept] = await setup.stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(kept?.status).toBe('active');

    setup.stack.server.clock.advance(connectedHeartbeatTimeoutMs);
    await setup.stack.server.realtime.sweep();
    const [row] = await setup.stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row).toMatchObject({ status: 'error', description: snipeMessages.agentLost });
    // The agent learns its lease is gone at its next event and stops the session.
    await setup.browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the stop notice',
    );
  });
});
