import { errorMessages, messages } from '@tradedesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMessages } from '../../src/runs/messages.js';
import { backends } from '../database.js';
import { runningSnipes } from '../runs.js';
import { connectScriptedAgent } from './scripted-agent.js';
import { scriptedAgentStack } from './scripted-stack.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  snipeConfiguration,
  startPayload,
  type Browser,
} from './stack.js';

type FleetField = { id: string; accountIds: string[] } | undefined;

/** The snipe-create-browsers payload: the accounts started together with one plan. */
function startTogether(ids: string[], fleetSwitch: boolean | undefined = undefined) {
  const { id: _one, email: _email, isSwitchFilter: _switch, ...shared } = startPayload('', [ronaldoFilter()]);
  const configuration = snipeConfiguration(
    fleetSwitch === undefined ? {} : { advanced: { isFleetEnabled: fleetSwitch } },
  );
  return { ...shared, ids, configuration };
}

/** A multi-account snipe start reaches the agents as one fleet per platform (issue 31). */
describe.each(backends)('starting several accounts together (%s)', hubSuite, (backend) => {
  const stack = scriptedAgentStack(backend, { agentId: 'big-agent', agentCapacity: 40 });
  let small: Awaited<ReturnType<typeof connectScriptedAgent>>;
  let run = 0;

  beforeAll(async () => {
    // Two free slots: never enough for a fleet of three, so the fleet must go to the big agent.
    small = await connectScriptedAgent(stack.node, 'small-agent', 2);
  }, hubHookTimeoutMs);
  afterAll(() => {
    small?.socket.disconnect();
  });

  /** A fresh user with accounts of these platforms. */
  async function userWith(platforms: Array<'pc' | 'ps'>, maxAccounts = 10) {
    run += 1;
    const browser = await openBrowser(stack.node, { maxAccounts });
    stack.browsers.push(browser);
    const ids: string[] = [];
    for (const [index, platform] of platforms.entries())
      ids.push(await createAccount(browser.http, `fleet${run}.${index}@example.com`, platform));
    return { browser, ids, seen: stack.agent.commands.length + small.commands.length };
  }

  /** The session starts of these accounts, on whichever agent each went, once every one started. */
  async function startsOf(browser: Browser, ids: string[]) {
    for (const id of ids)
      await browser.waitFor((m) => m.action === 'snipe-started' && m.data.accountId === id, `${id} started`);
    return [stack.agent, small].flatMap((agent) =>
      agent.commands
        .filter(
          (command) => command.name === 'session-start' && ids.includes(String(command.payload['accountId'])),
        )
        .map((command) => ({
          agent: agent === small ? 'small-agent' : 'big-agent',
          ...(command.payload as unknown as { accountId: string; fleet: FleetField }),
        })),
    );
  }

  it('sends three accounts of one platform to one agent as one fleet, on by default', async () => {
    const { browser, ids } = await userWith(['pc', 'pc', 'pc']);
    browser.send('snipe-create-browsers', startTogether(ids));
    const starts = await startsOf(browser, ids);

    expect(starts.map((start) => start.accountId).sort()).toEqual([...ids].sort());
    const fleetIds = new Set(starts.map((start) => start.fleet?.id));
    expect(fleetIds.size).toBe(1);
    expect([...fleetIds][0]).toEqual(expect.any(String));
    for (const start of starts) expect(start.fleet?.accountIds).toEqual(ids);
    // The small agent has two free slots: the fleet of three goes whole to the big one.
    expect(starts.map((start) => start.agent)).toEqual(['big-agent', 'big-agent', 'big-agent']);

    // The accounts list shows the three parts of one fleet.
    const listed = await browser.http.get('/api/account');
    const fleets = (
      listed.body as { data: Array<{ id: string; fleet?: { id: string; purchases: number } }> }
    ).data
      .filter((account) => ids.includes(account.id))
      .map((account) => account.fleet);
    expect(fleets).toEqual(ids.map(() => ({ id: [...fleetIds][0], purchases: 0 })));
  });

  it('runs each account alone when the fleet switch is off', async () => {
    const { browser, ids } = await userWith(['pc', 'pc', 'pc']);
    browser.send('snipe-create-browsers', startTogether(ids, false));
    const starts = await startsOf(browser, ids);

    expect(starts.map((start) => start.accountId).sort()).toEqual([...ids].sort());
    for (const start of starts) expect(start.fleet).toBeUndefined();
  });

  it('makes one fleet per platform on one agent each, and runs a platform with one account alone', async () => {
    const { browser, ids } = await userWith(['pc', 'ps', 'pc', 'ps', 'ps']);
    const pcIds = [ids[0], ids[2]] as string[];
    const psIds = [ids[1], ids[3], ids[4]] as string[];
    browser.send('snipe-create-browsers', startTogether(ids));
    const starts = await startsOf(browser, ids);
    const startOf = (id: string) => starts.find((start) => start.accountId === id);

    expect(pcIds.map((id) => startOf(id)?.fleet?.accountIds)).toEqual([pcIds, pcIds]);
    expect(psIds.map((id) => startOf(id)?.fleet?.accountIds)).toEqual([psIds, psIds, psIds]);
    expect(startOf(pcIds[0] ?? '')?.fleet?.id).not.toBe(startOf(psIds[0] ?? '')?.fleet?.id);
    for (const fleet of [pcIds, psIds]) expect(new Set(fleet.map((id) => startOf(id)?.agent)).size).toBe(1);

    const lone = await userWith(['pc', 'pc', 'ps']);
    lone.browser.send('snipe-create-browsers', startTogether(lone.ids));
    const loneStarts = await startsOf(lone.browser, lone.ids);
    const loneStartOf = (id: string | undefined) => loneStarts.find((start) => start.accountId === id);
    expect(loneStartOf(lone.ids[2])?.fleet).toBeUndefined();
    expect(loneStartOf(lone.ids[0])?.fleet?.accountIds).toEqual(lone.ids.slice(0, 2));
  });

  it('starts none of a fleet the licence cannot hold whole', async () => {
    const { browser, ids, seen } = await userWith(['pc', 'pc', 'pc'], 2);
    browser.send('snipe-create-browsers', startTogether(ids));
    expect(await browser.waitForError()).toBe(runMessages.licenceLimit(2));
    expect(stack.agent.commands.length + small.commands.length).toBe(seen);
    for (const id of ids) expect(await runningSnipes(stack.node.app.appContext.db, id)).toEqual([]);
  });

  it('refuses bad input at the boundary with nothing started', async () => {
    const { browser, ids, seen } = await userWith(['pc', 'pc']);
    const cases: Array<[unknown, string]> = [
      [startTogether([ids[0] ?? '']), messages.selectAtLeastTwoAccounts],
      [startTogether([ids[0] ?? '', ids[0] ?? '']), messages.accountNamedTwice],
      [{ ...startTogether(ids), filters: [] }, messages.selectAtLeastOneFilter],
      [startTogether([ids[0] ?? '', 'not-my-account']), errorMessages.accountNotFound],
    ];
    for (const [payload, message] of cases) {
      browser.send('snipe-create-browsers', payload);
      expect(await browser.waitForError()).toBe(message);
    }
    expect(stack.agent.commands.length + small.commands.length).toBe(seen);
    for (const id of ids) expect(await runningSnipes(stack.node.app.appContext.db, id)).toEqual([]);
  });
});
