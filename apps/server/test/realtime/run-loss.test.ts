import { defaultTransferConfig, defaultTransferFilter, type TransferFilter } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, snipeLeases, transfers } from '../../src/db/schema.js';
import { snipeMessages } from '../../src/modules/snipe/messages.js';
import { transferMessages } from '../../src/modules/transfer/messages.js';
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

const heartbeatTimeoutMs = 45_000;
const connectedHeartbeatTimeoutMs = 120_000;
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

/** Waits until `check` holds (the server stores a heartbeat without answering it). */
async function eventually(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A snipe and a transfer held by one agent end by one rule: their heartbeat, judged the same way. */
describe.each(backends)('one lost-agent rule for every run kind (%s)', (backend) => {
  let node: ServerNode;
  let dispose: () => Promise<void>;
  let agent: Awaited<ReturnType<typeof connectScriptedAgent>>;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    node = await startServerNode(created.database, { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs });
    agent = await connectScriptedAgent(node);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browsers.forEach((browser) => browser.socket.disconnect());
    agent?.socket.disconnect();
    await node?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);

  it(
    'keeps a beating transfer and snipe, and ends both once their agent falls silent',
    hubSuite,
    async () => {
      const dashboard = await openBrowser(node, { tier: 'snipe', maxAccounts: 2, credits: 3 });
      const transferPage = await openBrowser(node, {}, dashboard.user, '/client/transfer');
      browsers.push(dashboard, transferPage);
      const sniper = await createAccount(dashboard.http, 'sniper@example.com');
      const buyer = await createAccount(dashboard.http, 'buyer@example.com');
      const seller = await createAccount(dashboard.http, 'seller@example.com');
      const db = node.app.appContext.db;

      dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
      await dashboard.waitFor((m) => m.action === 'snipe-started', 'the snipe start');
      const seen = agent.commands.length;
      transferPage.send('transfer-purchase-player-start', {
        filter,
        buyer: { id: buyer },
        seller: { id: seller },
        config: defaultTransferConfig(),
      });
      const { transferId } = (await agent.nextCommand('transfer-start', seen)).payload;
      const [lease] = await db.select().from(snipeLeases).where(eq(snipeLeases.accountId, sniper));
      if (!lease) throw new Error('the snipe holds no lease');

      // Past the heartbeat limit but beating: both runs stay.
      node.clock.advance(connectedHeartbeatTimeoutMs - 20_000);
      const beatAt = node.clock.now().getTime();
      agent.beat([lease.leaseId], [transferId]);
      await eventually(async () => {
        const [row] = await db.select().from(transfers).where(eq(transfers.id, transferId));
        return row?.heartbeatAt.getTime() === beatAt;
      });
      node.clock.advance(connectedHeartbeatTimeoutMs - 20_000);
      await node.realtime.sweep();
      const [running] = await db.select().from(transfers).where(eq(transfers.id, transferId));
      expect(running?.status).toBe('running');
      expect((await db.select().from(snipeLeases).where(eq(snipeLeases.accountId, sniper))).length).toBe(1);

      // Silent past the long limit while still connected: both end, each with its kind's loss message.
      node.clock.advance(connectedHeartbeatTimeoutMs);
      await node.realtime.sweep();
      const failed = await transferPage.waitFor(
        (m) => m.action === 'transfer-failed' && m.data.transferId === transferId,
        'the transfer loss',
      );
      expect(failed.data.reason).toBe(transferMessages.agentLost);
      const [lostTransfer] = await db.select().from(transfers).where(eq(transfers.id, transferId));
      expect(lostTransfer).toMatchObject({ status: 'failed', isLost: true });
      const [lostAccount] = await db.select().from(accounts).where(eq(accounts.id, sniper));
      expect(lostAccount).toMatchObject({ status: 'error', description: snipeMessages.agentLost });
    },
  );
});
