import { defaultTransferConfig, defaultTransferFilter, type TransferFilter } from '@tradedesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMessages } from '../../src/runs/messages.js';
import { createTestDatabase, backends } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  ronaldoFilter,
  startPayload,
  startServerNode,
  type Browser,
  type ServerNode,
} from './stack.js';
import { connectScriptedAgent } from './scripted-agent.js';

const filter: TransferFilter = {
  ...defaultTransferFilter('Ronaldo 100k'),
  id: 'filter-1',
  player: {
    ...defaultTransferFilter().player,
    id: 20_801,
    name: 'Cristiano Ronaldo',
    value: 100_000,
    rarity: 'rare',
    quality: 'gold',
  },
};
const transferStart = (buyer: string, seller: string) => ({
  filter,
  buyer: { id: buyer },
  seller: { id: seller },
  config: defaultTransferConfig(),
});

/** A snipe and a transfer take the user's licence slots by one rule: whichever runs first holds the slot. */
describe.each(backends)('licence slots over every run kind (%s)', (backend) => {
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

  /** A one-licence user with credits, on the snipe dashboard and the transfer page, with three accounts. */
  async function oneSlotUser() {
    const dashboard = await openBrowser(node, { tier: 'snipe', maxAccounts: 1, credits: 3 });
    const transferPage = await openBrowser(node, {}, dashboard.user, '/client/transfer');
    browsers.push(dashboard, transferPage);
    const sniper = await createAccount(dashboard.http, 'sniper@example.com');
    const buyer = await createAccount(dashboard.http, 'buyer@example.com');
    const seller = await createAccount(dashboard.http, 'seller@example.com');
    return { dashboard, transferPage, sniper, buyer, seller };
  }

  it('refuses a snipe while a transfer runs', hubSuite, async () => {
    const { dashboard, transferPage, sniper, buyer, seller } = await oneSlotUser();
    const seen = agent.commands.length;
    transferPage.send('transfer-purchase-player-start', transferStart(buyer, seller));
    await agent.nextCommand('transfer-start', seen);

    dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
    expect(await dashboard.waitForError()).toBe(runMessages.licenceLimit(1));
    expect(agent.commands.slice(seen).map((command) => command.name)).toEqual(['transfer-start']);
  });

  it('refuses a transfer while a snipe runs, with the same refusal', hubSuite, async () => {
    const { dashboard, transferPage, sniper, buyer, seller } = await oneSlotUser();
    const seen = agent.commands.length;
    dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
    await dashboard.waitFor((m) => m.action === 'snipe-started', 'the snipe start');

    transferPage.send('transfer-purchase-player-start', transferStart(buyer, seller));
    expect(await transferPage.waitForError()).toBe(runMessages.licenceLimit(1));
    expect(agent.commands.slice(seen).map((command) => command.name)).toEqual(['session-start']);
  });
});
