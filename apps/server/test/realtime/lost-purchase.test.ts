import { GameClient, sandboxConfig, type TransportObserver } from '@tradedesk/game-client';
import { desc, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { accounts, snipeLogEntries, snipeSessions } from '../../src/db/schema.js';
import { backends } from '../database.js';
import { simAdmin } from './sbc-support.js';
import {
  createAccount,
  hubSuite,
  injectListing,
  ronaldoFilter,
  sniped,
  startPayload,
  startServerNode,
  type Browser,
  type ServerNode,
  type WebMessage,
} from './stack.js';
import { useStackAndBrowser } from './stack-hooks.js';
import { runningSnipes } from '../runs.js';

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

/** A socket on a node's agent hub that sends run events by hand (a replaying or late agent). */
function handAgent(node: ServerNode, agentId: string) {
  return io(node.url, {
    path: '/client/agent',
    transports: ['websocket'],
    auth: { key: node.realtime.embeddedAgentKey, agentId, capacity: 0, sessions: [] },
  });
}

/** The `snipe-result` event the agent sends for a purchase of Ronaldo at `price`. */
function purchaseEvent(accountId: string, itemId: number, price: number, value: number) {
  const sale = { playerId: sniped.definitionId, playerName: sniped.name, buyPrice: price, sellPrice: 0 };
  return {
    type: 'snipe-result',
    at: 0,
    accountId,
    report: { ...sale, buyerId: accountId, platform: 'pc', tax: 0, value },
    logEntry: { ...sale, accountId, rarity: 1, platform: 'pc', isSuccess: true, type: 'snipe' },
    itemId,
  };
}

/** The agents' reads of an unassigned pile: each is a game request of the user's budget. */
const pileReads = { count: 0 };
const countPileReads: TransportObserver = {
  onRequestSent: ({ method, path }) => {
    if (method === 'GET' && path.endsWith('/purchased/items')) pileReads.count += 1;
  },
};

describe(`a purchase whose event died with its agent (${backend})`, hubSuite, () => {
  const setup = useStackAndBrowser(backend, {}, { maxAccounts: 5 }, { observer: countPileReads });

  const leaseOf = async (accountId: string) => (await runningSnipes(setup.stack.database.db, accountId))[0];
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
   * Runs the account and kills the run's agent, so the run is lost (`inFlight` happens first,
   * while the run is live) and waits for an agent; starts another agent for the next runs. Unless
   * `keepWaiting`, the user then stops the wait (the next run is the test's own start). Answers
   * the lost run's lease.
   */
  async function loseRun(
    accountId: string,
    inFlight: () => Promise<void> = async () => {},
    { keepWaiting = false } = {},
  ) {
    const { stack, browser } = setup;
    await startRun(accountId);
    const lostLease = await leaseOf(accountId);
    const holder = stack.agents.find((agent) => agent.agentId === lostLease?.agentId);
    if (!lostLease || !holder) throw new Error('no agent of this stack holds the run');
    await inFlight();
    const waiting = fromNow(
      browser,
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'waiting',
    );
    holder.kill();
    await browser.waitFor(waiting, 'the lost run to wait for an agent');
    if (!keepWaiting) await stopRun(accountId);
    await stack.startAgent();
    return lostLease;
  }

  /** Sweeps (the stack sweeps only when asked) until the waiting run is active on an agent. */
  async function resumeWaitingRun(accountId: string) {
    const { stack, browser } = setup;
    const active = fromNow(
      browser,
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
    );
    for (let sweeps = 0; sweeps < 100 && !browser.messages.some(active); sweeps += 1) {
      await stack.server.realtime.sweep();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await browser.waitFor(active, 'the waiting run to go on');
  }

  /**
   * A lost run (as `loseRun`) whose Buy Now of `price` lands in the game just before its agent
   * dies, so its event never reaches the server. Answers the lease and the game's id of the card.
   */
  async function loseRunAfterBuyNow(
    accountId: string,
    email: string,
    price: number,
    options: { keepWaiting?: boolean } = {},
  ) {
    const { sim } = setup.stack;
    let itemId = 0;
    const lostLease = await loseRun(
      accountId,
      async () => {
        const { tradeIds } = await injectListing(sim, price);
        const game = new GameClient({ config: sandboxConfig(sim.url) });
        await game.signIn({ email, password: sandboxPassword, backupCode }, 'pc');
        const { auctions } = await game.market.bid(tradeIds[0] ?? 0, price);
        itemId = auctions[0]?.itemData.id ?? 0;
      },
      options,
    );
    return { lostLease, itemId };
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

  /**
   * The account's purchases are one row: the lost run's card, found in the unassigned pile and
   * recorded as the run of `lostLeaseId`. Answers that row.
   */
  async function expectOneReconciledPurchase(accountId: string, lostLeaseId: string) {
    const [found, ...others] = await purchasesOf(accountId);
    expect(others).toEqual([]);
    expect(found).toMatchObject({
      buyPrice: inFlightPrice,
      isSuccess: true,
      eventId: `reconciled:${lostLeaseId}:${found?.itemId}`,
    });
    return found;
  }

  /** Makes the sandbox game answer the account's next game call with a server error. */
  async function failNextGameCall(email: string) {
    const { stack } = setup;
    const simAccounts = await simAdmin<{ id: number; email: string }[]>(stack, 'GET', '/accounts');
    const simAccount = simAccounts.find((account) => account.email === email);
    if (!simAccount) throw new Error(`no sandbox account ${email}`);
    await simAdmin(stack, 'POST', `/accounts/${simAccount.id}/forced-errors`, { code: 500, count: 1 });
  }

  it('is recorded once from the unassigned pile when the waiting run goes on, and a replay does not double it', async () => {
    const { stack, browser } = setup;
    const email = 'in.flight@example.com';
    const accountId = await createAccount(browser.http, email);
    const readsBefore = pileReads.count;
    const { lostLease } = await loseRunAfterBuyNow(accountId, email, inFlightPrice, { keepWaiting: true });
    expect(await purchasesOf(accountId)).toEqual([]);

    // The lost run goes on on another agent: the card in its unassigned pile is the lost run's purchase.
    await resumeWaitingRun(accountId);
    expect(pileReads.count - readsBefore).toBe(1);
    await browser.waitFor(
      (m) =>
        m.action === 'snipe-result' && m.data.accountId === accountId && m.data.buyPrice === inFlightPrice,
      'the found purchase',
    );
    const found = await expectOneReconciledPurchase(accountId, lostLease.leaseId);
    const itemId = found?.itemId ?? 0;

    // A replay of the pile's report, and the lost run's own event arriving late, land on that one row.
    const liveLease = await leaseOf(accountId);
    const replayer = handAgent(stack.server, 'replaying-agent');
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
      const late = purchaseEvent(accountId, itemId, inFlightPrice, 0);
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
    const { lostLease } = await loseRunAfterBuyNow(accountId, email, inFlightPrice);
    await startThatNeverRuns(accountId, email);

    await startRun(accountId);
    await expectOneReconciledPurchase(accountId, lostLease.leaseId);
    await stopRun(accountId);
  });

  it("is still found when the next run's pile read failed and that run then ran", async () => {
    const { browser } = setup;
    const email = 'failed.read@example.com';
    const accountId = await createAccount(browser.http, email);
    const { lostLease } = await loseRunAfterBuyNow(accountId, email, inFlightPrice);

    // The next run's first game call after its sign-in is the pile read: it fails, so no report
    // is sent, and the run goes on searching and stops normally.
    await failNextGameCall(email);
    const readsBefore = pileReads.count;
    const searched = fromNow(
      browser,
      (m) =>
        m.action === 'upsert-session' &&
        m.data.accountId === accountId &&
        typeof m.data.requests === 'number' &&
        m.data.requests > 0,
    );
    await startRun(accountId);
    await browser.waitFor(searched, 'the run to search');
    await stopRun(accountId);
    expect(pileReads.count - readsBefore).toBe(1);
    expect(await purchasesOf(accountId)).toEqual([]);

    // The start after it asks again: the lost run's card is recorded once, and only once looked at.
    await startRun(accountId);
    expect(pileReads.count - readsBefore).toBe(2);
    await expectOneReconciledPurchase(accountId, lostLease.leaseId);
    await stopRun(accountId);
    await startRun(accountId);
    expect(pileReads.count - readsBefore).toBe(2);
    await stopRun(accountId);
  });

  it("is recorded once when the lost run's late events and the next run's pile reach two nodes at once", async () => {
    const { stack, browser } = setup;
    const db = stack.database.db;
    const email = 'two.nodes@example.com';
    const accountId = await createAccount(browser.http, email);
    const { lostLease, itemId } = await loseRunAfterBuyNow(accountId, email, inFlightPrice);
    // The next run's session, whose pile reports are sent below by hand.
    await startThatNeverRuns(accountId, email);
    const [nextRun] = await db
      .select()
      .from(snipeSessions)
      .where(eq(snipeSessions.accountId, accountId))
      .orderBy(desc(snipeSessions.startedAt))
      .limit(1);

    // The bought card and more cards named by both reports: each pair is one chance to double, its
    // late event sent a few milliseconds after its pile report (the pile's path reads one row more).
    const itemIds = [itemId, ...Array.from({ length: 11 }, (_, n) => 900_000_001 + n)];
    const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const otherNode = await startServerNode(stack.database);
    const lateAgent = handAgent(stack.server, 'falsely-lost-agent');
    const pileAgent = handAgent(otherNode, 'next-run-agent');
    try {
      await Promise.all(
        itemIds.flatMap((id, seq) => {
          const late = purchaseEvent(accountId, id, inFlightPrice, 2_000);
          const pile = {
            type: 'unassigned-purchases',
            at: 0,
            accountId,
            items: [{ itemId: id, definitionId: sniped.definitionId, rarity: 1, price: inFlightPrice }],
          };
          return [
            pileAgent.emitWithAck('session-event', { leaseId: nextRun?.leaseId, seq, event: pile }),
            after(seq % 4).then(() =>
              lateAgent.emitWithAck('session-event', { leaseId: lostLease.leaseId, seq, event: late }),
            ),
          ];
        }),
      );
    } finally {
      lateAgent.disconnect();
      pileAgent.disconnect();
      await otherNode.app.close();
    }
    const purchases = await purchasesOf(accountId);
    expect(purchases.map((row) => row.itemId).sort()).toEqual([...itemIds].sort());
    // Whichever report won a card, the account's profit is the stored rows', each counted once.
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.profits).toBe(purchases.reduce((sum, row) => sum + row.value, 0));
  });

  it('is looked for in the pile only at the start after a lost run, until it was looked for', async () => {
    const { browser } = setup;
    const accountId = await createAccount(browser.http, 'pile.budget@example.com');
    const readsAtFirst = pileReads.count;

    // A first start, and a start after a run that ended normally: nothing can wait in the pile.
    await startRun(accountId);
    await stopRun(accountId);
    await startRun(accountId);
    await stopRun(accountId);
    expect(pileReads.count).toBe(readsAtFirst);

    // After a lost run (this one bought nothing), the next start reads the pile once.
    await loseRun(accountId);
    await startRun(accountId);
    expect(pileReads.count).toBe(readsAtFirst + 1);
    await stopRun(accountId);

    // The lost run was looked at: no start reads the pile for it again.
    await startRun(accountId);
    expect(pileReads.count).toBe(readsAtFirst + 1);
    await stopRun(accountId);
  });

  it("is not confused with a running run's buy-back of the same card at the same price: both count, a replay once", async () => {
    const { stack, browser } = setup;
    const purchasesCounted = async () => {
      const text = await (await fetch(`${stack.server.url}/metrics`)).text();
      return Number(/^tradedesk_purchases_total (\d+)$/m.exec(text)?.[1]);
    };
    const purchasesStored = async () =>
      (await stack.database.db.select().from(snipeLogEntries)).filter((row) => row.isSuccess).length;
    const [countedBefore, storedBefore] = [await purchasesCounted(), await purchasesStored()];
    const accountId = await createAccount(browser.http, 'buy.back@example.com');
    await startRun(accountId);
    const running = await leaseOf(accountId);
    const boughtAgain = (m: WebMessage) =>
      m.action === 'snipe-result' && m.data.accountId === accountId && m.data.buyPrice === inFlightPrice;
    const results = fromNow(browser, boughtAgain);

    // The run buys a card, sells it, and later buys the same card (one game item id) back at the
    // same price; the second purchase's event is then sent again (its acknowledgement was lost).
    const itemId = 700_000_001;
    const runAgent = handAgent(stack.server, 'run-agent-by-hand');
    try {
      const send = (seq: number, value: number) =>
        runAgent.emitWithAck('session-event', {
          leaseId: running?.leaseId,
          seq,
          event: purchaseEvent(accountId, itemId, inFlightPrice, value),
        });
      await send(0, 300);
      await send(1, 500);
      await send(1, 500);
    } finally {
      runAgent.disconnect();
    }
    await stopRun(accountId);

    const purchases = (await purchasesOf(accountId)).filter((row) => row.buyPrice === inFlightPrice);
    expect(purchases.map((row) => row.value).sort()).toEqual([300, 500]);
    const [account] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    const allPurchases = await purchasesOf(accountId);
    expect(account?.profits).toBe(allPurchases.reduce((sum, row) => sum + row.value, 0));
    expect(browser.messages.filter(results)).toHaveLength(2);
    // The operator's purchase counter counts what was stored, not what was sent: the re-sent
    // purchase is not counted twice.
    const stored = (await purchasesStored()) - storedBefore;
    expect(stored).toBeGreaterThanOrEqual(2);
    expect((await purchasesCounted()) - countedBefore).toBe(stored);
  });
});
