import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import type { StallReading } from '../../src/lib/stall-ledger.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { eq } from 'drizzle-orm';
import { backends } from '../database.js';
import type { TestClock } from '../helpers.js';
import { runOf, runningSnipes } from '../runs.js';
import { scriptedAgentStack } from './scripted-stack.js';
import { createAccount, hubSuite, openBrowser, ronaldoFilter, startPayload } from './stack.js';

const heartbeatTimeoutMs = 10_000;

/** The node's stalls as a test scripts them: each one passes on the test clock while the node cannot run. */
class ScriptedStalls implements StallReading {
  private readonly stalls: { endedAtMs: number; durationMs: number }[] = [];
  clock: TestClock | undefined;

  /** The node could not run for `ms`: the clock moves on by that much. */
  stall(ms: number) {
    if (!this.clock) throw new Error('no clock to stall on');
    this.clock.advance(ms);
    this.stalls.push({ endedAtMs: this.clock.now().getTime(), durationMs: ms });
  }

  stalledMsSince(sinceMs: number) {
    return this.stalls.reduce(
      (total, stall) => total + Math.max(0, Math.min(stall.durationMs, stall.endedAtMs - sinceMs)),
      0,
    );
  }
}

/** Waits until `check` holds (the server stores a heartbeat without answering it). */
async function eventually(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.each(backends)("the lost-agent rule and the judge's own stalls (%s)", (backend) => {
  const stalls = new ScriptedStalls();
  const stack = scriptedAgentStack(backend, {
    // Only the sweep judges here: the disconnect timer waits longer than the test.
    node: { heartbeatTimeoutMs, reconnectGraceMs: 600_000, stalls },
  });

  it(
    'does not count 12 s the node was stalled against a 12 s old beat, and loses the run of the dead agent once it could run',
    hubSuite,
    async () => {
      stalls.clock = stack.node.clock;
      const page = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 1 });
      stack.browsers.push(page);
      const accountId = await createAccount(page.http, 'starved@example.com');
      const db = stack.node.app.appContext.db;
      page.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
      await page.waitFor((m) => m.action === 'snipe-started', 'the snipe start');
      const [lease] = await runningSnipes(db, accountId);
      if (!lease) throw new Error('the snipe holds no lease');

      // The node has run long enough to judge; the agent beats once more, then dies.
      stack.node.clock.advance(30_000);
      const beatAt = stack.node.clock.now().getTime();
      stack.agent.beat([lease.leaseId], []);
      await eventually(async () => (await runOf(db, lease.leaseId))?.heartbeatAt.getTime() === beatAt);
      stack.agent.socket.disconnect();
      await eventually(async () => stack.node.realtime.connectedAgents().length === 0);

      // The node could not run for 12 s: the beat is 12 s old, past the 10 s limit, on the clock.
      stalls.stall(12_000);
      await stack.node.realtime.sweep();
      const [kept] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(kept?.status).toBe('logging_in');
      expect((await runOf(db, lease.leaseId))?.status).toBe('running');

      // Once the node has run for the limit, the silent agent on no node is lost by the same rule.
      stack.node.clock.advance(heartbeatTimeoutMs);
      await stack.node.realtime.sweep();
      await page.waitFor(
        (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'waiting',
        'the account to wait for another agent',
      );
      await page.waitFor(
        (m) => m.action === 'notification' && m.data.message === snipeMessages.lostWaitingForAgent,
        'the user to be told why',
      );
      expect((await runOf(db, lease.leaseId))?.status).toBe('lost');
    },
  );
});
