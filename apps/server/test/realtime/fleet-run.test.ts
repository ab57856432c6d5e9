import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../database.js';
import { runningSnipes } from '../runs.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  injectListing,
  openBrowser,
  ronaldoFilter,
  snipeConfiguration,
  type Browser,
  type Stack,
  startStack,
} from './stack.js';

/** Three accounts started together snipe on the sandbox as one fleet of the in-process agent (issue 31). */
describe.each(backends)('a fleet run on the sandbox (%s)', hubSuite, (backend) => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack(backend);
    browser = await openBrowser(stack.server, { maxAccounts: 3 });
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);

  it('runs the three parts on one agent, buys a bargain once and shows the parts of one fleet', async () => {
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three'])
      ids.push(await createAccount(browser.http, `fleet.${name}@example.com`));
    browser.send('snipe-create-browsers', {
      ids,
      filters: [ronaldoFilter({ id: 'ronaldo', label: 'Ronaldo under 1k' })],
      configuration: snipeConfiguration(),
      providers: { discordId: '', discordWebhookUrl: '', telegramId: '' },
    });
    for (const id of ids)
      await browser.waitFor((m) => m.action === 'snipe-started' && m.data.accountId === id, `${id} started`);
    const leases = (await Promise.all(ids.map((id) => runningSnipes(stack.database.db, id)))).flat();
    expect(leases.map((lease) => lease.agentId)).toEqual(ids.map(() => stack.agent.agentId));
    // The agent took every part into its fleet: each signs in and searches.
    for (const id of ids)
      await browser.waitFor(
        (m) => m.action === 'upsert-session' && m.data.accountId === id && Number(m.data['searches']) > 0,
        `${id} searching`,
      );

    await injectListing(stack.sim, 500);
    const bought = await browser.waitFor(
      (m) =>
        m.action === 'snipe-result' &&
        ids.includes(m.data.accountId ?? '') &&
        m.data['errorCode'] === undefined,
      'the purchase',
    );
    expect(bought.data).toMatchObject({ buyPrice: 500, playerId: 20_801 });

    const listed = await browser.http.get('/api/account');
    const parts = (
      listed.body as { data: Array<{ id: string; fleet?: { id: string; purchases: number } }> }
    ).data
      .filter((account) => ids.includes(account.id))
      .map((account) => account.fleet);
    expect(new Set(parts.map((part) => part?.id)).size).toBe(1);
    expect(parts.map((part) => part?.purchases).sort()).toEqual([0, 0, 1]);

    for (const id of ids) browser.send('snipe-stop', { id });
    for (const id of ids)
      await browser.waitFor((m) => m.action === 'stop' && m.data.accountId === id, `${id} stopped`);
    // No self-competition: a part's results come before its stop, and no other part bid for the
    // listing one of them claimed.
    const attempts = browser.messages.filter(
      (m) => m.action === 'snipe-result' && ids.includes(m.data.accountId ?? ''),
    );
    expect(attempts).toHaveLength(1);
  });
});
