import { GameClient, sandboxConfig } from '@tradedesk/game-client';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { snipeLeases, snipeLogEntries } from '../../src/db/schema.js';
import { backends } from '../database.js';
import {
  createAccount,
  hubSuite,
  injectListing,
  ronaldoFilter,
  startPayload,
  type Browser,
  type WebMessage,
} from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';

// One backend: the path under test is the same on both, and each run starts three agents' worth of work.
const backend = backends[backends.length - 1] ?? 'pglite';

const sandboxPassword = 'sandbox-password';
const backupCode = 'ABCD1234';
/** Above the runs' filter (Ronaldo under 1,000): only the test's own Buy Now takes such a listing. */
const inFlightPrice = 1_500;

/** Matches only messages the browser receives from now on (an earlier run's never count). */
function fromNow(browser: Browser, match: (message: WebMessage) => boolean) {
  const seen = browser.messages.length;
  return (message: WebMessage) => browser.messages.indexOf(message) >= seen && match(message);
}

describe(`a purchase whose event died with its agent (${backend})`, hubSuite, () => {
  const setup = useStackAndBrowser(backend, {}, { maxAccounts: 5 });

  const leaseOf = async (accountId: string) =>
    (await setup.stack.database.db.select().from(snipeLeases).where(eq(snipeLeases.accountId, accountId)))[0];
  const purchasesOf = (accountId: string) =>
    setup.stack.database.db.select().from(snipeLogEntries).where(eq(snipeLogEntries.accountId, accountId));

  /** Starts a run of the account (a moment after the previous one) and waits until it snipes. */
  async function startRun(accountId: string) {
    const { stack, browser } = setup;
    stack.server.clock.advance(1_000);
    const active = fromNow(
      browser,
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
    );
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(active, 'the run to start');
  }

  /** Stops the account's run and waits until it has ended. */
  async function stopRun(accountId: string) {
    const { browser } = setup;
    const stopped = fromNow(browser, (m) => m.action === 'stop' && m.data.accountId === accountId);
    browser.send('snipe-stop', { id: accountId });
    await browser.waitFor(stopped, 'the run to stop');
  }

  /**
   * Runs the account; a Buy Now of `price` lands in the game and the run's agent dies before its
   * event reaches the server. Answers the lost run's lease.
   */
  async function loseRunAfterBuyNow(accountId: string, email: string, price: number) {
    const { stack, browser } = setup;
    await startRun(accountId);
    const lostLease = await leaseOf(accountId);
    const holder = stack.agents.find((agent) => agent.agentId === lostLease?.agentId);
    if (!lostLease || !holder) throw new Error('no agent of this stack holds the run');
    const { tradeIds } = await injectListing(stack.sim, price);
    const game = new GameClient({ config: sandboxConfig(stack.sim.url) });
    await game.signIn({ email, password: sandboxPassword, backupCode }, 'pc');
    await game.market.bid(tradeIds[0] ?? 0, price);
    const lost = fromNow(
      browser,
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'error',
    );
    holder.kill();
    await browser.waitFor(lost, 'the lost run to end');
    // The next runs need an agent.
    await stack.startAgent();
    return lostLease;
  }

  /** Sets the account's stored game password (a wrong one makes its next sign-in fail). */
  async function storePassword(accountId: string, email: string, password: string) {
    const response = await setup.browser.http.put('/api/account', {
      id: accountId,
      email,
      password,
      backupCode,
      platform: 'pc',
      isManualLogin: false,
    });
    expect(response.status).toBe(200);
  }

  /** A start whose sign-in fails (wrong stored password): its session row exists but never ran. */
  async function startThatNeverRuns(accountId: string, email: string) {
    const { stack, browser } = setup;
    await storePassword(accountId, email, 'not-the-game-password');
    stack.server.clock.advance(1_000);
    const ended = fromNow(browser, (m) => m.action === 'stop' && m.data.accountId === accountId);
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()]));
    await browser.waitFor(ended, 'the failed sign-in to end the start');
    await storePassword(accountId, email, sandboxPassword);
  }

  it('is recorded once from the unassigned pile when the account runs again, and a replay does not double it', async () => {
    const { stack, browser } = setup;
    const email = 'in.flight@example.com';
    const accountId = await createAccount(browser.http, email);
    const lostLease = await loseRunAfterBuyNow(accountId, email, inFlightPrice);
    expect(await purchasesOf(accountId)).toEqual([]);

    // The account runs again on another agent: the card in its unassigned pile is the lost run's purchase.
    await startRun(accountId);
    await browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId && m.data.buyPrice === inFlightPrice,
      'the found purchase',
    );
    const [found, ...others] = await purchasesOf(accountId);
    expect(others).toEqual([]);
    expect(found).toMatchObject({
      buyPrice: inFlightPrice,
      isSuccess: true,
      eventId: `reconciled:${lostLease.leaseId}:${found?.itemId}`,
    });
    const itemId = found?.itemId ?? 0;

    // A replay of the pile's report, and the lost run's own event arriving late, land on that one row.
    const liveLease = await leaseOf(accountId);
    const replayer = io(stack.server.url, {
      path: '/client/agent',
      transports: ['websocket'],
      auth: {
        key: stack.server.realtime.embeddedAgentKey,
        agentId: 'replaying-agent',
        capacity: 0,
        sessions: [],
      },
    });
    try {
      const pile = {
        type: 'unassigned-purchases',
        at: 0,
        accountId,
        items: [{ itemId, definitionId: found?.playerId, rarity: found?.rarity, price: inFlightPrice }],
      };
      expect(
        await replayer.emitWithAck('session-event', { leaseId: liveLease?.leaseId, seq: 0, event: pile }),
      ).toMatchObject({ ok: false, stop: true });
      expect(
        await replayer.emitWithAck('session-event', { leaseId: liveLease?.leaseId, seq: 0, event: pile }),
      ).toMatchObject({ ok: false, stop: true });
      const report = {
        buyerId: accountId,
        platform: 'pc',
        playerId: found?.playerId,
        playerName: found?.playerName,
        buyPrice: inFlightPrice,
        sellPrice: 0,
        tax: 0,
        value: 0,
      };
      const logEntry = {
        accountId,
        playerId: found?.playerId,
        playerName: found?.playerName,
        buyPrice: inFlightPrice,
        sellPrice: 0,
        rarity: found?.rarity,
        platform: 'pc',
        isSuccess: true,
        type: 'snipe',
      };
      const late = { type: 'snipe-result', at: 0, accountId, report, logEntry, itemId };
      expect(
        await replayer.emitWithAck('session-event', { leaseId: lostLease.leaseId, seq: 3, event: late }),
      ).toMatchObject({ ok: false, stop: true });
    } finally {
      replayer.disconnect();
    }
    expect(await purchasesOf(accountId)).toHaveLength(1);
    await stopRun(accountId);
  });

  it('is still found when a start that never ran came between the lost run and the next', async () => {
    const { browser } = setup;
    const email = 'never.ran@example.com';
    const accountId = await createAccount(browser.http, email);
    const lostLease = await loseRunAfterBuyNow(accountId, email, inFlightPrice);
    await startThatNeverRuns(accountId, email);

    await startRun(accountId);
    const [found, ...others] = await purchasesOf(accountId);
    expect(others).toEqual([]);
    expect(found).toMatchObject({
      buyPrice: inFlightPrice,
      isSuccess: true,
      eventId: `reconciled:${lostLease.leaseId}:${found?.itemId}`,
    });
    await stopRun(accountId);
  });
});
