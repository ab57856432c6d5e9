import { defaultTransferConfig, defaultTransferFilter, type TransferFilter } from '@tradedesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
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

/** The server fills an agent by the runs of every kind it holds, as the agent counts them itself. */
describe.each(backends)('agent slots over every run kind (%s)', (backend) => {
  let node: ServerNode;
  let dispose: () => Promise<void>;
  let agent: Awaited<ReturnType<typeof connectScriptedAgent>>;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    node = await startServerNode(created.database);
    agent = await connectScriptedAgent(node, 'one-slot-agent', 1);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browsers.forEach((browser) => browser.socket.disconnect());
    agent?.socket.disconnect();
    await node?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  it('sends no snipe to an agent whose one slot a transfer holds', hubSuite, async () => {
    const dashboard = await openBrowser(node, { tier: 'snipe', maxAccounts: 2, credits: 3 });
    const transferPage = await openBrowser(node, {}, dashboard.user, '/client/transfer');
    browsers.push(dashboard, transferPage);
    const sniper = await createAccount(dashboard.http, 'sniper@example.com');
    const buyer = await createAccount(dashboard.http, 'buyer@example.com');
    const seller = await createAccount(dashboard.http, 'seller@example.com');
    const seen = agent.commands.length;
    transferPage.send('transfer-purchase-player-start', {
      filter,
      buyer: { id: buyer },
      seller: { id: seller },
      config: defaultTransferConfig(),
    });
    await agent.nextCommand('transfer-start', seen);

    dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
    expect(await dashboard.waitForError()).toBe(snipeMessages.noAgent);
    expect(agent.commands.slice(seen).map((command) => command.name)).toEqual(['transfer-start']);
  });
});
