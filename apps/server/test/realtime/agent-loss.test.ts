import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, snipeLogEntries } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { backends } from '../database.js';
import {
  createAccount,
  hubSuite,
  injectListing,
  ronaldoFilter,
  startPayload,
  type WebMessage,
} from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';
import { runningSnipes } from '../runs.js';

const connectedHeartbeatTimeoutMs = 120_000;

describe.each(backends)(
  'a lost agent loses nothing bought and its snipe goes on (%s)',
  hubSuite,
  (backend) => {
    const setup = useStackAndBrowser(
      backend,
      { heartbeatTimeoutMs: 45_000, connectedHeartbeatTimeoutMs },
      { maxAccounts: 5 },
    );

    /** Stops the account's run (it would buy another test's listing: tests run shuffled). */
    async function stopRun(accountId: string) {
      const seen = setup.browser.messages.length;
      setup.browser.send('snipe-stop', { id: accountId });
      await setup.browser.waitFor(
        (m) =>
          setup.browser.messages.indexOf(m) >= seen && m.action === 'stop' && m.data.accountId === accountId,
        'the run to stop',
      );
    }

    /** Sweeps (the tests' stacks sweep only when asked) until the account is Active again. */
    async function activeAgainAfter(accountId: string, seen: number) {
      const { browser, stack } = setup;
      const active = (m: WebMessage) =>
        browser.messages.indexOf(m) >= seen &&
        m.action === 'update-account' &&
        m.data.id === accountId &&
        m.data.status === 'active';
      for (let sweeps = 0; sweeps < 100 && !browser.messages.some(active); sweeps += 1) {
        await stack.server.realtime.sweep();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return browser.waitFor(active, 'the run to be active again');
    }

    it('keeps the acknowledged purchase and goes on on another agent when the agent dies mid-run', async () => {
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
      const seen = setup.browser.messages.length;
      holder.kill();
      await setup.browser.waitFor(
        (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'waiting',
        'the account to wait for an agent',
      );
      await setup.browser.waitFor(
        (m) => m.action === 'notification' && m.data.message === snipeMessages.lostWaitingForAgent,
        'the user to be told why',
      );

      // Another agent: the run goes on there, and the purchase before stays stored once.
      const other = await setup.stack.startAgent();
      await activeAgainAfter(accountId, seen);
      const [moved] = await runningSnipes(setup.stack.database.db, accountId);
      expect(moved?.agentId).toBe(other.agentId);
      expect(moved?.leaseId).not.toBe(lease?.leaseId);
      const entries = await setup.stack.database.db
        .select()
        .from(snipeLogEntries)
        .where(eq(snipeLogEntries.accountId, accountId));
      expect(entries.map((entry) => entry.buyPrice)).toEqual([450]);
      expect(
        setup.browser.messages
          .slice(seen)
          .some(
            (m) =>
              (m.action === 'update-account' && m.data.id === accountId && m.data.status === 'error') ||
              m.action === 'stop',
          ),
      ).toBe(false);
      await stopRun(accountId);
    });

    it('keeps the runs of a connected agent whose heartbeats are late, and moves them past the long limit', async () => {
      await setup.stack.startAgent();
      const accountId = await createAccount(setup.browser.http, 'silent@example.com');
      setup.browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
      await setup.browser.waitFor(
        (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
        'the run to start',
      );
      const [first] = await runningSnipes(setup.stack.database.db, accountId);
      // The agent's heartbeat interval is a minute; on the app clock the lease is now 46 s old, but
      // the agent is connected: a late beat is a slow node, not a lost agent.
      setup.stack.server.clock.advance(46_000);
      await setup.stack.server.realtime.sweep();
      const [kept] = await setup.stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(kept?.status).toBe('active');

      // Past the long limit the run is lost: its session is stopped and the run starts again.
      const seen = setup.browser.messages.length;
      setup.stack.server.clock.advance(connectedHeartbeatTimeoutMs);
      await setup.stack.server.realtime.sweep();
      await setup.browser.waitFor(
        (m) =>
          setup.browser.messages.indexOf(m) >= seen &&
          m.action === 'update-account' &&
          m.data.id === accountId &&
          m.data.status === 'waiting',
        'the account to wait for an agent',
      );
      await activeAgainAfter(accountId, seen);
      const running = await runningSnipes(setup.stack.database.db, accountId);
      expect(running).toHaveLength(1);
      expect(running[0]?.leaseId).not.toBe(first?.leaseId);
      await stopRun(accountId);
    });
  },
);
