import { defaultTransferConfig } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { backends } from '../database.js';
import { ronaldoTransferFilter, scriptedAgentStack } from './scripted-stack.js';
import { createAccount, hubSuite, openBrowser, ronaldoFilter, startPayload } from './stack.js';

/** The server fills an agent by the runs of every kind it holds, as the agent counts them itself. */
describe.each(backends)('agent slots over every run kind (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, { agentId: 'one-slot-agent', agentCapacity: 1 });

  it('sends no snipe to an agent whose one slot a transfer holds', hubSuite, async () => {
    const dashboard = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2, credits: 3 });
    const transferPage = await openBrowser(stack.node, {}, dashboard.user, '/client/transfer');
    stack.browsers.push(dashboard, transferPage);
    const sniper = await createAccount(dashboard.http, 'sniper@example.com');
    const buyer = await createAccount(dashboard.http, 'buyer@example.com');
    const seller = await createAccount(dashboard.http, 'seller@example.com');
    const seen = stack.agent.commands.length;
    transferPage.send('transfer-purchase-player-start', {
      filter: ronaldoTransferFilter,
      buyer: { id: buyer },
      seller: { id: seller },
      config: defaultTransferConfig(),
    });
    await stack.agent.nextCommand('transfer-start', seen);

    dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
    expect(await dashboard.waitForError()).toBe(snipeMessages.noAgent);
    expect(stack.agent.commands.slice(seen).map((command) => command.name)).toEqual(['transfer-start']);
  });
});
