import {
  defaultFodderFilter,
  defaultRarityFilter,
  defaultTransferFilter,
  messages,
  runLogMessages,
  subscriptionExpiredMessage,
} from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { runMessages } from '../../src/runs/messages.js';
import { backends } from '../database.js';
import { signedInUser } from '../helpers.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  snipeConfiguration,
  startPayload,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';
import { runningSnipes } from '../runs.js';

const withRotation = snipeConfiguration({ advanced: { rotation: { isEnabled: true, requests: 10 } } });
const rarity = {
  ...defaultRarityFilter(),
  id: 'r1',
  minPrice: 1_000,
  maxPrice: 5_000,
  followUp: { ...defaultRarityFilter().followUp, startPrice: 10_000, buyNowPrice: 15_000 },
};
const fodder = {
  ...defaultFodderFilter(),
  id: 'f1',
  player: { ...defaultFodderFilter().player, maxPrice: 2_000 },
};
const transfer = {
  ...defaultTransferFilter('Transfer'),
  id: 't1',
  player: { ...defaultTransferFilter().player, rarity: 'rare' as const },
};
const named = (label: string) => ronaldoFilter({ id: label, label });

describe.each(backends)('snipe start rules over /client/snipe (%s)', hubSuite, (backend) => {
  let stack: Stack;
  let browser: Browser;
  let accountId: string;

  beforeAll(async () => {
    stack = await startStack(backend);
    browser = await openBrowser(stack.server, { maxAccounts: 1 });
    accountId = await createAccount(browser.http, 'rules@example.com');
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);

  it.each([
    ['no filter', [], snipeConfiguration(), messages.selectAtLeastOneFilter],
    ['rotation with one filter', [named('a')], withRotation, messages.rotationNeedsTwoFilters],
    ['rotation with a 59th Minute filter', [rarity], withRotation, messages.rotationWithMultiRarity],
    [
      'rotation with an unnamed filter',
      [named('a'), ronaldoFilter({ id: 'b', label: 'b', name: '', playerId: undefined })],
      withRotation,
      messages.rotationNeedsPlayerNames,
    ],
    [
      'normal with 59th Minute',
      [named('a'), rarity],
      snipeConfiguration(),
      messages.mixNormalWithMultiRarity,
    ],
    ['normal with fodder', [named('a'), fodder], snipeConfiguration(), messages.mixNormalWithFodder],
    ['59th Minute with fodder', [rarity, fodder], snipeConfiguration(), messages.mixMultiRarityWithFodder],
    [
      'two 59th Minute filters',
      [rarity, { ...rarity, id: 'r2', label: 'r2' }],
      snipeConfiguration(),
      messages.tooManyMultiRarity,
    ],
    [
      'two fodder filters',
      [fodder, { ...fodder, id: 'f2', label: 'f2' }],
      snipeConfiguration(),
      messages.tooManyFodder,
    ],
    ['a transfer filter', [transfer], snipeConfiguration(), messages.transferFilterNotSnipeable],
    [
      'a player the price database does not hold',
      [ronaldoFilter({ id: 'ghost', label: 'ghost', playerId: 999_999_999 })],
      snipeConfiguration(),
      runLogMessages.unableToFindPlayerInServer,
    ],
  ])('rejects %s with its message and starts nothing', async (_case, filters, configuration, expected) => {
    // Tests run in random order: only what this request causes counts (another test starts and stops a run).
    const before = browser.messages.length;
    browser.send('snipe-create-browser', startPayload(accountId, filters, configuration));
    expect(await browser.waitForError()).toBe(expected);
    const since = browser.messages.slice(before);
    expect(since.some((m) => m.action === 'snipe-started' && m.data.accountId === accountId)).toBe(false);
    const leases = await runningSnipes(stack.database.db, accountId);
    expect(leases).toHaveLength(0);
  });

  it('rejects a user without the Snipe tier', async () => {
    const outsider = await openBrowser(stack.server, { tier: 'transfer' });
    const id = await createAccount(outsider.http, 'transfer.tier@example.com');
    outsider.send('snipe-create-browser', startPayload(id, [named('a')]));
    expect(await outsider.waitForError()).toBe(snipeMessages.tierRequired);
    outsider.socket.disconnect();
  });

  it('rejects a user whose plan has ended with the renewal message, and keeps their account', async () => {
    const lapsed = await signedInUser(stack.server.app, { tier: 'snipe' });
    await stack.database.db
      .update(users)
      .set({ expiresAt: new Date(stack.server.clock.now().getTime() - 60_000) })
      .where(eq(users.username, lapsed.username));
    const expired = await openBrowser(stack.server, {}, lapsed);
    const id = await createAccount(expired.http, 'lapsed@example.com');
    expired.send('snipe-create-browser', startPayload(id, [named('a')]));
    expect(await expired.waitForError()).toBe(subscriptionExpiredMessage);
    expect((await expired.http.get('/api/account')).body.data).toHaveLength(1);
    expired.socket.disconnect();
  });

  it("rejects another user's account as not found", async () => {
    const other = await openBrowser(stack.server);
    other.send('snipe-create-browser', startPayload(accountId, [named('a')]));
    expect(await other.waitForError()).toBe('Account not found');
    other.send('snipe-stop', { id: accountId });
    expect(await other.waitForError()).toBe('Account not found');
    other.socket.disconnect();
  });

  it('rejects a second concurrent account beyond the licence limit, and a second start of the same one', async () => {
    const second = await createAccount(browser.http, 'rules.two@example.com');
    browser.send('snipe-create-browser', startPayload(accountId, [named('a')]));
    await browser.waitFor(
      (m) => m.action === 'snipe-started' && m.data.accountId === accountId,
      'the first start',
    );
    browser.send('snipe-create-browser', startPayload(second, [named('a')]));
    expect(await browser.waitForError()).toBe(runMessages.licenceLimit(1));
    browser.send('snipe-create-browser', startPayload(accountId, [named('a')]));
    expect(await browser.waitForError()).toBe(snipeMessages.alreadyRunning);
    browser.send('snipe-stop', { id: accountId });
    await browser.waitFor((m) => m.action === 'stop' && m.data.accountId === accountId, 'the stop');
  });

  it('refuses a socket without a session', async () => {
    const socket = io(stack.server.url, {
      path: '/client/snipe',
      transports: ['websocket'],
      auth: { token: 'x', clientType: 'web' },
      reconnection: false,
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Unauthorized');
    socket.disconnect();
  });

  it('refuses an agent with a wrong key', async () => {
    const socket = io(stack.server.url, {
      path: '/client/agent',
      transports: ['websocket'],
      auth: { key: 'wrong', agentId: 'intruder', capacity: 1, sessions: [] },
      reconnection: false,
    });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Unauthorized');
    socket.disconnect();
  });
});
