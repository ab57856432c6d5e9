import { filterSwitchedFor, messages, type NormalFilter } from '@tradedesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  saveRonaldoFilter,
  startPayload,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';
import { runningSnipes } from '../runs.js';

describe.each(backends)('switching the filter of a running account (%s)', hubSuite, (backend) => {
  let stack: Stack;
  let browser: Browser;
  let accountId: string;
  let first: NormalFilter;
  let second: NormalFilter;
  const email = 'switcher@example.com';

  beforeAll(async () => {
    stack = await startStack(backend);
    browser = await openBrowser(stack.server);
    accountId = await createAccount(browser.http, email);
    first = await saveRonaldoFilter(browser.http, 'Ronaldo cheap', 900);
    second = await saveRonaldoFilter(browser.http, 'Ronaldo cheaper', 700);
    browser.send('snipe-create-browser', startPayload(accountId, [first]));
    await browser.waitFor(
      (m) => m.action === 'update-account' && m.data.id === accountId && m.data.status === 'active',
      'the run to start',
    );
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);

  /** The saved filter the account runs now (tests run in random order; one of them switches). */
  async function runningFilter(): Promise<NormalFilter> {
    const [lease] = await runningSnipes(stack.database.db, accountId);
    const running = [first, second].find((filter) => lease?.filterIds[0] === filter.id);
    if (!running) throw new Error(`the account runs no saved filter (lease ${JSON.stringify(lease)})`);
    return running;
  }

  const switchTo = (filter: unknown, id = accountId) =>
    browser.send('snipe-create-browser', startPayload(id, [filter], undefined, true));

  it('refuses the filter the account already runs', async () => {
    switchTo(await runningFilter());
    expect(await browser.waitForError()).toBe(messages.filterAlreadySelected);
  });

  it('refuses a label the user has no filter for', async () => {
    switchTo({ ...second, label: 'Nobody has this label' });
    expect(await browser.waitForError()).toBe(messages.filterNotFound);
  });

  it('refuses an unknown account', async () => {
    switchTo(second, 'no-such-account');
    expect(await browser.waitForError()).toBe(messages.couldNotFindAccount);
  });

  it('switches to another saved filter and records the choice', async () => {
    expect(await runningFilter()).toEqual(first);
    switchTo(second);
    await browser.waitFor(
      (m) => m.action === 'filter-switched' && m.data.accountId === accountId,
      'filter-switched',
    );
    await browser.waitFor(
      (m) => m.action === 'notification' && m.data.message === filterSwitchedFor(email),
      'the switched notice',
    );
    const [lease] = await runningSnipes(stack.database.db, accountId);
    expect(lease?.filterIds).toEqual([second.id]);
    switchTo(second);
    expect(await browser.waitForError()).toBe(messages.filterAlreadySelected);
  });
});
