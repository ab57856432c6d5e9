import { defaultTransferConfig } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { runMessages } from '../../src/runs/messages.js';
import { backends } from '../database.js';
import { ronaldoTransferFilter, scriptedAgentStack } from './scripted-stack.js';
import { createAccount, hubSuite, openBrowser, ronaldoFilter, startPayload } from './stack.js';

const transferStart = (buyer: string, seller: string) => ({
  filter: ronaldoTransferFilter,
  buyer: { id: buyer },
  seller: { id: seller },
  config: defaultTransferConfig(),
});

/** A snipe and a transfer take the user's licence slots by one rule: whichever runs first holds the slot. */
describe.each(backends)('licence slots over every run kind (%s)', (backend) => {
  const stack = scriptedAgentStack(backend);

  /** A one-licence user with credits, on the snipe dashboard and the transfer page, with three accounts. */
  async function oneSlotUser() {
    const dashboard = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 1, credits: 3 });
    const transferPage = await openBrowser(stack.node, {}, dashboard.user, '/client/transfer');
    stack.browsers.push(dashboard, transferPage);
    const sniper = await createAccount(dashboard.http, 'sniper@example.com');
    const buyer = await createAccount(dashboard.http, 'buyer@example.com');
    const seller = await createAccount(dashboard.http, 'seller@example.com');
    return { dashboard, transferPage, sniper, buyer, seller };
  }

  it('refuses a snipe while a transfer runs', hubSuite, async () => {
    const { dashboard, transferPage, sniper, buyer, seller } = await oneSlotUser();
    const seen = stack.agent.commands.length;
    transferPage.send('transfer-purchase-player-start', transferStart(buyer, seller));
    await stack.agent.nextCommand('transfer-start', seen);

    dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
    expect(await dashboard.waitForError()).toBe(runMessages.licenceLimit(1));
    expect(stack.agent.commands.slice(seen).map((command) => command.name)).toEqual(['transfer-start']);
  });

  it('refuses a transfer while a snipe runs, with the same refusal', hubSuite, async () => {
    const { dashboard, transferPage, sniper, buyer, seller } = await oneSlotUser();
    const seen = stack.agent.commands.length;
    dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
    await dashboard.waitFor((m) => m.action === 'snipe-started', 'the snipe start');

    transferPage.send('transfer-purchase-player-start', transferStart(buyer, seller));
    expect(await transferPage.waitForError()).toBe(runMessages.licenceLimit(1));
    expect(stack.agent.commands.slice(seen).map((command) => command.name)).toEqual(['session-start']);
  });
});
