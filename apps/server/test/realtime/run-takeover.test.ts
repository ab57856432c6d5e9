import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.js';
import { snipeRepo } from '../../src/modules/snipe/repo.js';
import { createAccount, hubSuite, ronaldoFilter, startPayload, waitDeadlineMs } from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';
import { runningSnipes } from '../runs.js';

/** Polls a condition the system makes true; the limit only stops a hang. */
async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + waitDeadlineMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a start for an account the agent still runs under an ended lease (pglite)', hubSuite, () => {
  // Nothing ends the run by itself within the test: a long grace and heartbeat limit.
  const setup = useStackAndBrowser(
    'pglite',
    { reconnectGraceMs: 600_000, heartbeatTimeoutMs: 600_000 },
    { maxAccounts: 5 },
  );

  it('is taken by the agent, which ends the old session first, instead of refused as already running', async () => {
    const { browser } = setup;
    const db = setup.stack.database.db;
    const accountId = await createAccount(browser.http, 'takeover@example.com');
    const startsOf = () =>
      browser.messages.filter((m) => m.action === 'snipe-started' && m.data.accountId === accountId).length;
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the first run to start',
    );
    const [first] = await runningSnipes(db, accountId);
    if (!first) throw new Error('the first run holds no lease');

    // The server ends the lease without the agent hearing of it (as when it was judged lost while
    // the agent was cut off), and the user starts the account again at once.
    await snipeRepo.releaseLease(db, first.leaseId, 'lost', setup.stack.server.clock.now());
    const errorsBefore = browser.errors.length;
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    const outcome = await eventually(
      () =>
        startsOf() === 2
          ? 'started'
          : browser.errors.length > errorsBefore
            ? browser.errors.slice(errorsBefore).join(', ')
            : undefined,
      'the second start to be answered',
    );
    expect(outcome).toBe('started');

    // The new run is the account's one run, on the same agent, and it runs once the old one ended.
    const [second] = await runningSnipes(db, accountId);
    expect(second?.leaseId).not.toBe(first.leaseId);
    expect(second?.agentId).toBe(first.agentId);
    await eventually(async () => {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      return row?.status === 'active' ? row : undefined;
    }, 'the account to run again');
    expect(await runningSnipes(db, accountId)).toHaveLength(1);
  });
});
