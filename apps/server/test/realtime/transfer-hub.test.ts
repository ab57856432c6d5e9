import { defaultTransferConfig, subscriptionExpiredMessage } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, creditLedger, transfers, users } from '../../src/db/schema.js';
import { sbcClubRepo } from '../../src/modules/account/club-repo.js';
import { transferMessages } from '../../src/modules/transfer/messages.js';
import { createTestDatabase, backends } from '../database.js';
import { signedInUser } from '../helpers.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  startServerNode,
  type Browser,
  type ServerNode,
} from './stack.js';
import { connectScriptedAgent } from './scripted-agent.js';
import { ronaldoTransferFilter } from './scripted-stack.js';

const filter = ronaldoTransferFilter;
const configuration = defaultTransferConfig();
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

const snapshot = (accountId: string, username: string, coins: number) => ({
  accountId,
  username,
  coins,
  tradepile: [{ id: 1, definitionId: 20_801 }],
  unassigned: [],
  card: null,
  screenshot: png,
});

describe.each(backends)('/client/transfer (%s)', (backend) => {
  let node: ServerNode;
  let dispose: () => Promise<void>;
  let agent: Awaited<ReturnType<typeof connectScriptedAgent>>;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    node = await startServerNode(created.database);
    agent = await connectScriptedAgent(node);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browsers.forEach((browser) => browser.socket.disconnect());
    agent?.socket.disconnect();
    await node?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  /** A Transfer-tier user with 3 credits on the transfer page, and two accounts (tests run in random order). */
  async function transferUser(credits = 3) {
    const browser = await openBrowser(
      node,
      { tier: 'transfer', credits, maxAccounts: 1 },
      undefined,
      '/client/transfer',
    );
    browsers.push(browser);
    const buyer = await createAccount(browser.http, 'buyer@example.com');
    const seller = await createAccount(browser.http, 'seller@example.com');
    return {
      browser,
      buyer,
      seller,
      credits: async () => (await browser.http.get('/api/user')).body.data.credits as number,
      transferRows: async () => {
        const rows = await node.app.appContext.db.select().from(transfers);
        return rows.filter((row) => row.buyerAccountId === buyer || row.sellerAccountId === seller);
      },
    };
  }
  const start = { filter, buyer: { id: '' }, seller: { id: '' }, config: configuration };
  /** The agent's success event for the Ronaldo transfer at 100,000 (5 % tax). */
  const success = {
    type: 'transfer-success',
    filter,
    price: 100_000,
    buyerPaid: 100_000,
    sellerReceived: 95_000,
    tax: 5_000,
  } as const;

  /** The browser starts a transfer between the two accounts; resolves with the id the agent is given. */
  async function startTransfer(browser: Browser, buyer: string, seller: string): Promise<string> {
    const seen = agent.commands.length;
    browser.send('transfer-purchase-player-start', {
      ...start,
      buyer: { id: buyer },
      seller: { id: seller },
    });
    return (await agent.nextCommand('transfer-start', seen)).payload.transferId;
  }

  it("answers the spec's errors for a bad start and starts nothing", hubSuite, async () => {
    const { browser, buyer, seller, transferRows } = await transferUser();
    const seen = agent.commands.length;
    const cases: Array<[string, unknown, string]> = [
      [
        'transfer-sync',
        { buyer: null, seller: { id: seller }, filter, configuration },
        'Select both buyer and seller account',
      ],
      [
        'transfer-sync',
        { buyer: { id: seller }, seller: { id: seller }, filter, configuration },
        'Buyer and seller cannot be the same account',
      ],
      [
        'transfer-sync',
        { buyer: { id: 'someone-else' }, seller: { id: seller }, filter, configuration },
        'Account not found',
      ],
      [
        'transfer-purchase-player-start',
        { ...start, buyer: { id: buyer }, seller: { id: seller }, filter: { ...filter, id: undefined } },
        'No filter selected',
      ],
      [
        'transfer-sync',
        {
          buyer: { id: buyer },
          seller: { id: seller },
          filter: { ...filter, player: { ...filter.player, rarity: 'any' } },
          configuration,
        },
        'Rarity must not be Any',
      ],
      ['transfer-fetch-latency', { seller: null, configuration }, 'Select seller account'],
      // A price check with neither a seller nor a player names the seller first (spec 001 §5).
      ['transfer-fetch-live-market-prices', { seller: null, configuration }, 'Select seller account'],
      [
        'transfer-fetch-live-market-prices',
        { seller: null, player: null, configuration },
        'Select seller account',
      ],
      [
        'transfer-fetch-live-market-prices',
        { seller: null, player: { id: 0, rarity: 'rare', quality: 'gold' }, configuration },
        'Select seller account',
      ],
      [
        'transfer-fetch-live-market-prices',
        { seller: { id: seller }, player: null, configuration },
        'Unable to retrieve player data',
      ],
      [
        'transfer-fetch-live-market-prices',
        { seller: { id: seller }, player: { id: 0, rarity: 'rare', quality: 'gold' }, configuration },
        'Unable to retrieve player data',
      ],
      ['transfer-screenshot', { user: null, isBuyer: true }, 'Select buyer account'],
      ['LAUNCH_BROWSER', { account: null, isBuyer: false, configuration }, 'Select seller account'],
      ['transfer-unknown', {}, 'Unknown action'],
      ['transfer-sync', 'not an object', 'This value must be an object'],
    ];
    for (const [action, data, message] of cases) {
      browser.send(action, data);
      expect(await browser.waitForError()).toBe(message);
    }
    expect(await transferRows()).toEqual([]);
    expect(agent.commands.slice(seen)).toEqual([]);
  });

  /** A sync as the page sends it first, answered with 500,000 coins for the buyer and 10,000 for the seller. */
  async function syncBoth(browser: Browser, buyer: string, seller: string) {
    const seen = agent.commands.length;
    browser.send('transfer-sync', { buyer: { id: buyer }, seller: { id: seller }, filter, configuration });
    const command = await agent.nextCommand('transfer-sync', seen);
    const synced = await agent.send(command.payload.transferId, 0, {
      type: 'sync-result',
      buyer: snapshot(buyer, 'BuyerClub', 500_000),
      seller: snapshot(seller, 'SellerClub', 10_000),
    });
    expect(synced).toEqual({ ok: true });
    await browser.waitFor((m) => m.action === 'sync-result', 'the sync result');
    return command;
  }

  it('syncs both accounts and keeps what the sync saw', hubSuite, async () => {
    const { browser, buyer, seller } = await transferUser();
    const seen = agent.commands.length;
    browser.send('transfer-sync', { buyer: { id: buyer }, seller: { id: seller }, filter, configuration });
    const command = await agent.nextCommand('transfer-sync', seen);
    expect(command.payload).toMatchObject({
      buyer: {
        accountId: buyer,
        email: 'buyer@example.com',
        password: 'sandbox-password',
        backupCode: 'ABCD1234',
      },
      seller: { accountId: seller },
      filter: { id: 'filter-1' },
    });
    expect(
      await agent.send(command.payload.transferId, 0, {
        type: 'sync-result',
        buyer: snapshot(buyer, 'BuyerClub', 500_000),
        seller: snapshot(seller, 'SellerClub', 10_000),
      }),
    ).toEqual({ ok: true });
    const synced = await browser.waitFor((m) => m.action === 'sync-result', 'the sync result');
    expect(synced.data).toMatchObject({
      buyer: { coins: 500_000, username: 'BuyerClub', screenshot: `data:image/png;base64,${png}` },
      seller: { coins: 10_000 },
    });
    expect((await browser.http.get(`/api/client-transfer/${seller}`)).body.data).toMatchObject({
      username: 'SellerClub',
      coins: 10_000,
      tradepile: [{ id: 1 }],
    });
    const rows = (await browser.http.get('/api/account')).body.data as Array<{ id: string }>;
    expect(rows.find((row) => row.id === seller)).toMatchObject({ coins: 10_000, isCoinBalanceKnown: true });
    const [row] = await node.app.appContext.db
      .select()
      .from(transfers)
      .where(eq(transfers.id, command.payload.transferId));
    expect(row?.status).toBe('synced');
  });

  it('charges 1 credit for a success, once, however often the agent repeats it', hubSuite, async () => {
    const { browser, buyer, seller, credits } = await transferUser();
    const before = await credits();
    await syncBoth(browser, buyer, seller);
    const id = await startTransfer(browser, buyer, seller);

    // A second start on the same accounts waits for this one.
    browser.send('transfer-purchase-player-start', {
      ...start,
      buyer: { id: buyer },
      seller: { id: seller },
    });
    expect(await browser.waitForError()).toBe(transferMessages.alreadyRunning);

    await agent.send(id, 0, { type: 'list-player', price: 100_000, duration: 3600 });
    await agent.send(id, 1, { type: 'list-success', tradeId: 77, price: 100_000, duration: 3600 });
    await agent.send(id, 2, {
      type: 'purchase-success',
      tradeId: 77,
      price: 100_000,
      searches: 3,
      attempts: 1,
    });
    expect(await agent.send(id, 3, success)).toEqual({ ok: true });
    const done = await browser.waitFor(
      (m) => m.action === 'transfer-success' && m.data.transferId === id,
      'the success',
    );
    expect(done.data).toMatchObject({ filter: { label: 'Ronaldo 100k' }, sellerReceived: 95_000 });
    await browser.waitFor((m) => m.action === 'credits' && m.data.credits === before - 1, 'the new balance');

    // The same event again (a lost acknowledgement), and a second success event of the run.
    expect(await agent.send(id, 3, success)).toEqual({ ok: true });
    expect(await agent.send(id, 4, success)).toEqual({ ok: true });
    expect(await credits()).toBe(before - 1);
    const ledger = await node.app.appContext.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.eventKey, `transfer:${id}`));
    expect(ledger).toHaveLength(1);
    expect((await browser.http.get(`/api/client-transfer/${buyer}`)).body.data.coins).toBe(400_000);
    expect((await browser.http.get(`/api/client-transfer/${seller}`)).body.data.coins).toBe(105_000);
    const statistics = (await browser.http.get('/api/statistic/transfer')).body.data;
    expect(statistics).toMatchObject({ totalAmount: 100_000, successRate: 1 });
  });

  it('takes the sold copy out of the seller’s club as last read, and only that copy', hubSuite, async () => {
    const { browser, buyer, seller } = await transferUser();
    const { db } = node.app.appContext;
    const [owner] = await db.select().from(accounts).where(eq(accounts.id, seller));
    const card = (itemId: number, definitionId: number, untradeable = false) => ({
      itemId,
      definitionId,
      untradeable,
      discardValue: 100,
    });
    const readId = `read-${seller}`;
    await sbcClubRepo.requestRead(db, { accountId: seller, userId: owner!.userId, readId, at: new Date() });
    await sbcClubRepo.finishRead(db, readId, {
      cards: [card(1, 20_801, true), card(2, 20_801), card(3, 20_801), card(4, 158_023)],
      at: new Date(),
    });
    await syncBoth(browser, buyer, seller);
    const id = await startTransfer(browser, buyer, seller);
    await agent.send(id, 0, success);
    await browser.waitFor((m) => m.action === 'transfer-success' && m.data.transferId === id, 'the success');

    const club = (await browser.http.get(`/api/sbc/club/${seller}`)).body.data as {
      cards: Array<{ itemId: number }>;
    };
    // One tradeable copy of the filter's card (20,801) was sold; the untradeable one cannot be.
    expect(club.cards.map((c) => c.itemId)).toEqual([1, 3, 4]);

    const kept = await browser.waitFor((m) => m.action === 'notification', 'the kept notice');
    expect(kept.data).toMatchObject({
      type: 'success',
      message: 'Transfer completed: Cristiano Ronaldo for 100,000 coins; SellerClub received 95,000',
    });
  });

  it('charges nothing for a failed transfer', hubSuite, async () => {
    const { browser, buyer, seller, credits } = await transferUser();
    const before = await credits();
    const transferId = await startTransfer(browser, buyer, seller);
    await agent.send(transferId, 0, {
      type: 'purchase-skipped',
      reason: 'Listing not found',
      searches: 9,
    });
    await agent.send(transferId, 1, { type: 'transfer-failed', filter, reason: 'Listing not found' });
    const failed = await browser.waitFor(
      (m) => m.action === 'transfer-failed' && m.data.transferId === transferId,
      'the failure',
    );
    expect(failed.data.reason).toBe('Listing not found');
    expect(await credits()).toBe(before);
    // The bell keeps it: the result may come while the user is on another page.
    const kept = await browser.waitFor((m) => m.action === 'notification', 'the kept notice');
    expect(kept.data).toMatchObject({
      type: 'error',
      message: 'Transfer failed: Cristiano Ronaldo. Listing not found',
    });
    const list = (await browser.http.get('/api/notification')).body.data as Array<{ message: string }>;
    expect(list.map((n) => n.message)).toContain('Transfer failed: Cristiano Ronaldo. Listing not found');
    const statistics = (await browser.http.get('/api/statistic/transfer')).body.data;
    expect(statistics).toMatchObject({ totalAmount: 0, successRate: 0 });
  });

  it(
    'fails the transfer of a lost agent, and a success it reports on reconnect settles it once',
    hubSuite,
    async () => {
      const { browser, buyer, seller, credits } = await transferUser();
      const before = await credits();
      const transferId = await startTransfer(browser, buyer, seller);
      agent.socket.disconnect();
      const lost = await browser.waitFor(
        (m) => m.action === 'transfer-failed' && m.data.transferId === transferId,
        'the loss',
      );
      expect(lost.data.reason).toBe(transferMessages.agentLost);
      expect(await credits()).toBe(before);

      agent = await connectScriptedAgent(node);
      expect(await agent.send(transferId, 0, success)).toEqual({ ok: true });
      expect(await agent.send(transferId, 0, success)).toEqual({ ok: true });
      expect(await credits()).toBe(before - 1);
      const [row] = await node.app.appContext.db.select().from(transfers).where(eq(transfers.id, transferId));
      expect(row).toMatchObject({ status: 'success', isLost: false });
    },
  );

  it('refuses a start without credits', hubSuite, async () => {
    const { browser, buyer, seller, transferRows } = await transferUser(0);
    browser.send('transfer-purchase-player-start', {
      ...start,
      buyer: { id: buyer },
      seller: { id: seller },
    });
    expect(await browser.waitForError()).toBe('You do not have sufficient credits');
    expect(await transferRows()).toEqual([]);
  });

  it('refuses a start once the plan has ended, and keeps the accounts', hubSuite, async () => {
    const lapsed = await signedInUser(node.app, { tier: 'transfer', credits: 3, maxAccounts: 1 });
    await node.app.appContext.db
      .update(users)
      .set({ expiresAt: new Date(node.clock.now().getTime() - 60_000) })
      .where(eq(users.username, lapsed.username));
    const browser = await openBrowser(node, {}, lapsed, '/client/transfer');
    browsers.push(browser);
    const buyer = await createAccount(browser.http, 'lapsed.buyer@example.com');
    const seller = await createAccount(browser.http, 'lapsed.seller@example.com');
    browser.send('transfer-purchase-player-start', {
      ...start,
      buyer: { id: buyer },
      seller: { id: seller },
    });
    expect(await browser.waitForError()).toBe(subscriptionExpiredMessage);
    const rows = await node.app.appContext.db.select().from(transfers);
    expect(rows.filter((row) => row.buyerAccountId === buyer)).toEqual([]);
    expect((await browser.http.get('/api/account')).body.data).toHaveLength(2);
  });

  it('refuses the one-off requests once the plan has ended, and asks no agent', hubSuite, async () => {
    const lapsed = await signedInUser(node.app, { tier: 'transfer', credits: 3, maxAccounts: 1 });
    const browser = await openBrowser(node, {}, lapsed, '/client/transfer');
    browsers.push(browser);
    const seller = await createAccount(browser.http, 'lapsed.requests@example.com');
    await node.app.appContext.db
      .update(users)
      .set({ expiresAt: new Date(node.clock.now().getTime() - 60_000) })
      .where(eq(users.username, lapsed.username));
    const seen = agent.commands.length;
    const requests: [string, object][] = [
      ['transfer-fetch-latency', { seller: { id: seller }, configuration: defaultTransferConfig() }],
      [
        'transfer-fetch-live-market-prices',
        { seller: { id: seller }, player: { id: 20801, rarity: 1, quality: 3 } },
      ],
      ['transfer-screenshot', { user: { id: seller }, isBuyer: false }],
    ];
    for (const [action, payload] of requests) {
      browser.send(action, payload);
      expect([action, await browser.waitForError()]).toEqual([action, subscriptionExpiredMessage]);
    }
    expect(agent.commands.slice(seen)).toEqual([]);
  });

  it('answers one-off requests to the asking user', hubSuite, async () => {
    const { browser, buyer, seller } = await transferUser();
    const seen = agent.commands.length;
    browser.send('transfer-screenshot', { user: { id: buyer }, isBuyer: true });
    const { payload } = await agent.nextCommand('transfer-screenshot', seen);
    await agent.send(payload.transferId, 0, {
      type: 'screenshot-result',
      accountId: buyer,
      isBuyer: true,
      coins: 400_000,
      screenshot: png,
    });
    const shot = await browser.waitFor((m) => m.action === 'screenshot-result', 'the screenshot');
    expect(shot.data).toMatchObject({
      user: { id: buyer, isBuyer: true },
      screenshot: `data:image/png;base64,${png}`,
    });

    browser.send('transfer-fetch-latency', { seller: { id: seller }, configuration });
    const latency = await agent.nextCommand('transfer-fetch-latency', seen);
    await agent.send(latency.payload.transferId, 0, {
      type: 'latency-result',
      accountId: seller,
      latencyMs: 42,
      isAboveSafe: false,
    });
    const answer = await browser.waitFor((m) => m.action === 'latency-result', 'the latency');
    expect(answer.data.latency).toBe(42);
  });

  it('keeps the balance a coin screenshot read on the account row, as a sync does', hubSuite, async () => {
    const { browser, seller } = await transferUser();
    const row = async () =>
      ((await browser.http.get('/api/account')).body.data as Array<{ id: string }>).find(
        (candidate) => candidate.id === seller,
      );
    expect(await row()).toMatchObject({ coins: 0, isCoinBalanceKnown: false });
    const seen = agent.commands.length;
    browser.send('transfer-screenshot', { user: { id: seller }, isBuyer: false });
    const { payload } = await agent.nextCommand('transfer-screenshot', seen);
    await agent.send(payload.transferId, 0, {
      type: 'screenshot-result',
      accountId: seller,
      isBuyer: false,
      coins: 87_500,
      screenshot: png,
    });
    await browser.waitFor((m) => m.action === 'screenshot-result', 'the screenshot');
    expect(await row()).toMatchObject({ coins: 87_500, isCoinBalanceKnown: true });
  });

  it('launches an account’s web app on the agent and tells the page where it opened', hubSuite, async () => {
    const { browser, buyer } = await transferUser();
    const seen = agent.commands.length;
    browser.send('LAUNCH_BROWSER', { account: { id: buyer }, isBuyer: true, configuration });
    const { payload } = await agent.nextCommand('transfer-launch-webapp', seen);
    expect(payload).toMatchObject({
      isBuyer: true,
      account: { accountId: buyer, email: 'buyer@example.com' },
    });
    await agent.send(payload.transferId, 0, {
      type: 'webapp-launched',
      accountId: buyer,
      isBuyer: true,
      display: 'virtual',
      host: 'agent-7',
      coins: 400_000,
      blockedBy: null,
    });
    const launched = await browser.waitFor((m) => m.action === 'webapp-launched', 'the launch');
    expect(launched.data).toMatchObject({
      user: { id: buyer, isBuyer: true },
      coins: 400_000,
      host: 'agent-7',
      where: 'agent-host',
    });
  });

  it(
    'launches from the snipe dashboard’s Launch Account through the same path, answering every page of the user',
    hubSuite,
    async () => {
      const dashboard = await openBrowser(node, { maxAccounts: 1 });
      const transferPage = await openBrowser(node, {}, dashboard.user, '/client/transfer');
      browsers.push(dashboard, transferPage);
      const account = await createAccount(dashboard.http, 'row@example.com');
      const seen = agent.commands.length;
      // The row has no transfer configuration.
      dashboard.send('LAUNCH_BROWSER', { account: { id: account }, isBuyer: false });
      const { payload } = await agent.nextCommand('transfer-launch-webapp', seen);
      expect(payload).toMatchObject({
        isBuyer: false,
        account: { accountId: account, email: 'row@example.com' },
      });
      await agent.send(payload.transferId, 0, {
        type: 'webapp-launched',
        accountId: account,
        isBuyer: false,
        display: 'virtual',
        host: 'agent-7',
        coins: 12_000,
        blockedBy: null,
      });
      for (const page of [dashboard, transferPage]) {
        const launched = await page.waitFor((m) => m.action === 'webapp-launched', 'the launch');
        expect(launched.data).toMatchObject({ user: { id: account }, coins: 12_000, where: 'agent-host' });
      }

      // A launch the agent could not finish is told on the dashboard too.
      const again = agent.commands.length;
      dashboard.send('LAUNCH_BROWSER', { account: { id: account }, isBuyer: false });
      const retry = await agent.nextCommand('transfer-launch-webapp', again);
      await agent.send(retry.payload.transferId, 0, {
        type: 'error',
        description: 'The game did not open a session',
      });
      expect(await dashboard.waitForError()).toBe('The game did not open a session');
    },
  );

  it(
    'keeps the balance a launched web app shows on the account row; a launch showing none keeps it',
    hubSuite,
    async () => {
      const dashboard = await openBrowser(node, { maxAccounts: 1 });
      browsers.push(dashboard);
      const account = await createAccount(dashboard.http, 'launched@example.com');
      const row = async () =>
        ((await dashboard.http.get('/api/account')).body.data as Array<{ id: string }>).find(
          (candidate) => candidate.id === account,
        );
      expect(await row()).toMatchObject({ coins: 0, isCoinBalanceKnown: false });

      const launch = async (coins: number | null) => {
        const seen = agent.commands.length;
        dashboard.send('LAUNCH_BROWSER', { account: { id: account }, isBuyer: false });
        const { payload } = await agent.nextCommand('transfer-launch-webapp', seen);
        await agent.send(payload.transferId, 0, {
          type: 'webapp-launched',
          accountId: account,
          isBuyer: false,
          display: 'virtual',
          host: 'agent-7',
          coins,
          blockedBy: coins === null ? 'captcha' : null,
        });
        await dashboard.waitFor(
          (m) => m.action === 'webapp-launched' && m.data.coins === coins,
          'the launch',
        );
      };
      await launch(12_000);
      expect(await row()).toMatchObject({ coins: 12_000, isCoinBalanceKnown: true });
      await launch(null);
      expect(await row()).toMatchObject({ coins: 12_000, isCoinBalanceKnown: true });
    },
  );

  it('refuses Launch Account on the dashboard while the account is on a break', hubSuite, async () => {
    const dashboard = await openBrowser(node, { maxAccounts: 1 });
    browsers.push(dashboard);
    const account = await createAccount(dashboard.http, 'resting@example.com');
    await node.app.appContext.db.update(accounts).set({ status: 'break' }).where(eq(accounts.id, account));
    const seen = agent.commands.length;
    dashboard.send('LAUNCH_BROWSER', { account: { id: account }, isBuyer: false });
    expect(await dashboard.waitForError()).toBe(transferMessages.launchWhileActive);
    expect(agent.commands.slice(seen)).toEqual([]);
  });

  it('refuses to launch the web app of an active account', hubSuite, async () => {
    const { browser, buyer } = await transferUser();
    await node.app.appContext.db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, buyer));
    const seen = agent.commands.length;
    browser.send('LAUNCH_BROWSER', { account: { id: buyer }, isBuyer: true, configuration });
    expect(await browser.waitForError()).toBe(transferMessages.launchWhileActive);
    expect(agent.commands.slice(seen)).toEqual([]);
  });
});
