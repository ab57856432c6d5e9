import {
  followUpNotice,
  purchaseNotice,
  runLogMessages,
  snipeStoppedFor,
  startingSnipeFor,
} from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, snipeLogEntries } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { backends } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  injectListing,
  openBrowser,
  ronaldoFilter,
  saveRonaldoFilter,
  snipeConfiguration,
  startPayload,
  startStack,
  type Browser,
  type Stack,
  type WebMessage,
} from './stack.js';
import { runningSnipes } from '../runs.js';
import { startChatReceiver } from './chat-receiver.js';

// Tests run in random order on one sandbox market: each waits for its own run to end, so no run
// is left to buy the listing the next test injects, and each matches only its own account's messages.
describe.each(backends)('a snipe over the socket trades in the sandbox (%s)', hubSuite, (backend) => {
  let stack: Stack;
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startChatReceiver>>;

  beforeAll(async () => {
    stack = await startStack(backend);
    receiver = await startChatReceiver();
    browser = await openBrowser(stack.server, { maxAccounts: 3 });
    const provider = await browser.http.put('/api/user/provider', {
      discordId: '',
      discordWebhookUrl: receiver.url,
      telegramId: '',
    });
    expect(provider.status).toBe(200);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
    await receiver?.close();
  }, hubHookTimeoutMs);

  it('buys a mispriced listing, stores and forwards it, posts the embed and ends on thresholds', async () => {
    const accountId = await createAccount(browser.http, 'trader.one@example.com');
    await injectListing(stack.sim, 500);
    browser.send(
      'snipe-create-browser',
      startPayload(accountId, [ronaldoFilter()], snipeConfiguration({ time: { maxSearches: 3 } })),
    );

    await browser.waitFor(
      (m) => m.action === 'snipe-started' && m.data.accountId === accountId,
      'snipe-started',
    );
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === startingSnipeFor('trader.one@example.com'),
      'the start notice',
    );
    const result = await browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId,
      'a snipe result',
    );
    expect(result.data).toMatchObject({ accountId, buyPrice: 500, playerId: 20_801 });
    expect(result.data.errorCode).toBeUndefined();

    const stop = await browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the stop',
    );
    expect(stop.data.reason).toBe(runLogMessages.thresholdsExceeded);

    const [row] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('thresholds_met');
    expect(row?.sessionSearches).toBeGreaterThanOrEqual(3);
    const entries = await stack.database.db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.accountId, accountId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ buyPrice: 500, isSuccess: true, playerId: 20_801 });
    // The account's profit is its only purchase's.
    expect(row?.profits).toBe(entries[0]?.value);
    const leases = await runningSnipes(stack.database.db, accountId);
    expect(leases).toHaveLength(0);

    // The masked test posts a 'Snipe successful' embed too (at 600).
    const embed = (
      await receiver.waitForBody(
        (body) =>
          body.embeds[0]?.title === 'Snipe successful' &&
          JSON.stringify(body.embeds[0]?.fields ?? []).includes('"500"'),
      )
    ).embeds[0];
    expect(embed?.color).toBe(0x57f287);
    expect(JSON.stringify(embed?.fields)).toContain('500');
    const started = receiver.bodies.find(
      (body) => body.embeds[0]?.description === startingSnipeFor('trader.one@example.com'),
    );
    expect(started?.embeds[0]?.color).toBe(0x5865f2);
  });

  it('masks the player name in the chat message when Mask Snipes is on, but keeps it in the log', async () => {
    const accountId = await createAccount(browser.http, 'masked@example.com');
    await injectListing(stack.sim, 600);
    const configuration = snipeConfiguration({
      time: { maxSearches: 3 },
      advanced: { isSnipesMasked: true },
    });
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()], configuration));
    await browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId,
      'the purchase',
    );
    const masked = await receiver.waitForBody((body) =>
      (body.embeds[0]?.fields ?? []).some((field) => JSON.stringify(field).includes('"600"')),
    );
    expect(JSON.stringify(masked)).toContain('*****');
    expect(JSON.stringify(masked)).not.toContain('Cristiano Ronaldo');
    const [entry] = await stack.database.db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.accountId, accountId));
    expect(entry?.playerName).toBe('Cristiano Ronaldo');
    await browser.waitFor((m) => m.action === 'stop' && m.data.accountId === accountId, 'the run to end');
  });

  it('names a card the filter did not name, says what the follow-up did, and lists the running filter', async () => {
    const accountId = await createAccount(browser.http, 'unnamed@example.com');
    const saved = await saveRonaldoFilter(browser.http, 'No name, Ronaldo id', 1_000);
    // No player name: the engine knows the card only by its id ('Player 20801').
    const filter = { ...saved, name: '' };
    await injectListing(stack.sim, 700);
    browser.send(
      'snipe-create-browser',
      startPayload(accountId, [filter], snipeConfiguration({ time: { maxSearches: 3 } })),
    );
    const started = await browser.waitFor(
      (m) => m.action === 'snipe-started' && m.data.accountId === accountId,
      'snipe-started',
    );
    expect(started.data.filterIds).toEqual([saved.id]);
    // Sign-in reads the club's name and crest from the game; the row shows both.
    const identity = await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.username !== '',
      'the club name',
    );
    expect(identity.data.username).toMatch(/^Sandbox\d+ FC$/);
    // The crest is stored as the server's path, which sends the browser to the game's address of
    // now: a restart of the sandbox game (a new port) leaves it showing.
    expect(identity.data.imageUrl).toMatch(/^\/api\/sandbox\/clubs\/\d+\.png$/);
    const crest = await fetch(new URL(String(identity.data.imageUrl), stack.server.url));
    expect(crest.status).toBe(200);
    expect(crest.headers.get('content-type')).toContain('image/svg+xml');
    // A reload asks for the accounts again: the running one carries its session's filter.
    const listed = await browser.http.get('/api/account');
    const row = (listed.body as { data: Array<{ id: string; runningFilterIds?: string[] }> }).data.find(
      (account) => account.id === accountId,
    );
    expect(row).toMatchObject({ runningFilterIds: [saved.id], username: identity.data.username });

    const result = await browser.waitFor(
      (m) => m.action === 'snipe-result' && m.data.accountId === accountId,
      'the purchase',
    );
    expect(result.data).toMatchObject({ playerId: 20_801, playerName: 'Cristiano Ronaldo', buyPrice: 700 });
    const followUp = await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === followUpNotice('Cristiano Ronaldo', 'club', 0),
      'the follow-up notice',
    );
    // Kept for the list, but the purchase's notice is the one toast for this card.
    expect(followUp.data.topic).toBe('follow-up');
    const [entry] = await stack.database.db
      .select()
      .from(snipeLogEntries)
      .where(eq(snipeLogEntries.accountId, accountId));
    expect(entry?.playerName).toBe('Cristiano Ronaldo');
    const stop = await browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the run to end',
    );
    // What was shown live is what the list holds after a reload: purchase, follow-up, stop, why.
    // A notice is shown once it is kept, and the stop goes out before its notices: wait for this
    // run's (other tests' runs of this user show the same texts earlier).
    const shownAfter = (event: WebMessage, notice: string) =>
      browser.waitFor(
        (m) =>
          m.action === 'notification' &&
          m.data.message === notice &&
          browser.messages.indexOf(m) > browser.messages.indexOf(event),
        notice,
      );
    const shown = [
      purchaseNotice({ playerName: 'Cristiano Ronaldo', buyPrice: 700, value: 0 }),
      followUpNotice('Cristiano Ronaldo', 'club', 0),
      snipeStoppedFor('unnamed@example.com'),
      runLogMessages.thresholdsExceeded,
    ];
    for (const [index, notice] of shown.entries()) await shownAfter(index < 2 ? result : stop, notice);
    const kept = (await browser.http.get('/api/notification')).body as { data: Array<{ message: string }> };
    const messages = kept.data.map((notice) => notice.message);
    expect(messages).toEqual(expect.arrayContaining(shown));
    const after = await browser.http.get('/api/account');
    const ended = (after.body as { data: Array<{ id: string; runningFilterIds?: string[] }> }).data.find(
      (account) => account.id === accountId,
    );
    expect(ended?.runningFilterIds).toBeUndefined();
  });

  it('stops when the execution time is over', async () => {
    const accountId = await createAccount(browser.http, 'trader.two@example.com');
    const configuration = snipeConfiguration({
      time: { duration: { min: { value: 1, unit: 'seconds' }, max: { value: 2, unit: 'seconds' } } },
    });
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()], configuration));
    const stop = await browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the stop',
    );
    expect(stop.data.reason).toBe(runLogMessages.executionTimeExceeded);
    const [row] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('inactive');
  });

  it('stops when the coins do not cover the filter', async () => {
    const email = 'trader.three@example.com';
    const created = await fetch(`${stack.sim.url}/admin/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sim-admin-key': 'test-admin-key' },
      body: JSON.stringify({
        email,
        password: 'sandbox-password',
        backupCode: 'ABCD1234',
        platform: 'pc',
        coins: 200,
      }),
    });
    expect(created.status).toBe(201);
    const accountId = await createAccount(browser.http, email);
    const configuration = snipeConfiguration({ advanced: { isCoinCheckEnabled: true } });
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()], configuration));
    const stop = await browser.waitFor(
      (m) => m.action === 'stop' && m.data.accountId === accountId,
      'the stop',
    );
    expect(stop.data.reason).toBe(runLogMessages.notEnoughCoins);
    const [row] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.coins).toBe(200);
    // The balance was read at sign-in: the row shows it, not the unknown placeholder.
    expect(row?.coinsReadAt).toBeInstanceOf(Date);
  });

  it('stops when the user asks', async () => {
    const email = 'trader.four@example.com';
    const accountId = await createAccount(browser.http, email);
    // A headful request runs headless for now, and the row says so.
    const headful = snipeConfiguration({ advanced: { isHeadlessEnabled: false } });
    browser.send('snipe-create-browser', startPayload(accountId, [ronaldoFilter()], headful));
    const active = await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the account to be active',
    );
    expect(active.data.description).toBe(snipeMessages.headfulFallback);
    const firstStop = browser.messages.length;
    browser.send('snipe-stop', { id: accountId });
    const stoppedNotice = (m: WebMessage) =>
      m.action === 'notification' && m.data.message === snipeStoppedFor(email);
    await browser.waitFor(stoppedNotice, 'the stopped notice');
    const [row] = await stack.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.status).toBe('inactive');
    // The spec's one notice: no second 'Snipe stopped' for a stop the user asked for. A second
    // Stop (nothing runs) is answered after anything the first one sent.
    const before = browser.messages.length;
    browser.send('snipe-stop', { id: accountId });
    await browser.waitFor(
      (m) => browser.messages.indexOf(m) >= before && stoppedNotice(m),
      'the second stop',
    );
    const stopNotices = browser.messages
      .slice(firstStop)
      .filter(
        (m) =>
          m.action === 'notification' &&
          (m.data.message === 'Snipe stopped' || m.data.message === snipeStoppedFor(email)),
      );
    expect(stopNotices.map((m) => m.data.message)).toEqual([snipeStoppedFor(email), snipeStoppedFor(email)]);
  });
});
