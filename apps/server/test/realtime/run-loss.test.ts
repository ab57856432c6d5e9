import { randomUUID } from 'node:crypto';
import { defaultTransferConfig } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, transfers } from '../../src/db/schema.js';
import { rehearsalRepo } from '../../src/modules/rehearsal/repo.js';
import { rehearsalLostMessage } from '../../src/modules/rehearsal/service.js';
import { sbcMessages } from '../../src/modules/sbc/messages.js';
import { sbcRepo } from '../../src/modules/sbc/repo.js';
import { transferMessages } from '../../src/modules/transfer/messages.js';
import { backends } from '../database.js';
import { ronaldoTransferFilter, scriptedAgentStack } from './scripted-stack.js';
import { createAccount, hubSuite, openBrowser, ronaldoFilter, startPayload } from './stack.js';
import { runOf, runningSnipes } from '../runs.js';

const heartbeatTimeoutMs = 45_000;
const connectedHeartbeatTimeoutMs = 120_000;

/** Waits until `check` holds (the server stores a heartbeat without answering it). */
async function eventually(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Runs of every kind held by one agent end by one rule: their heartbeat, judged the same way. */
describe.each(backends)('one lost-agent rule for every run kind (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, { node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs } });

  it(
    'keeps a beating transfer and snipe, and loses both once their agent falls silent',
    hubSuite,
    async () => {
      const dashboard = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2, credits: 3 });
      const transferPage = await openBrowser(stack.node, {}, dashboard.user, '/client/transfer');
      stack.browsers.push(dashboard, transferPage);
      const sniper = await createAccount(dashboard.http, 'sniper@example.com');
      const buyer = await createAccount(dashboard.http, 'buyer@example.com');
      const seller = await createAccount(dashboard.http, 'seller@example.com');
      const db = stack.node.app.appContext.db;

      dashboard.send('snipe-create-browser', startPayload(sniper, [ronaldoFilter({ id: 'a', label: 'a' })]));
      await dashboard.waitFor((m) => m.action === 'snipe-started', 'the snipe start');
      const seen = stack.agent.commands.length;
      transferPage.send('transfer-purchase-player-start', {
        filter: ronaldoTransferFilter,
        buyer: { id: buyer },
        seller: { id: seller },
        config: defaultTransferConfig(),
      });
      const { transferId } = (await stack.agent.nextCommand('transfer-start', seen)).payload;
      const [lease] = await runningSnipes(db, sniper);
      if (!lease) throw new Error('the snipe holds no lease');

      // Past the heartbeat limit but beating: both runs stay.
      stack.node.clock.advance(connectedHeartbeatTimeoutMs - 20_000);
      const beatAt = stack.node.clock.now().getTime();
      stack.agent.beat([lease.leaseId], [transferId]);
      await eventually(async () => {
        return (await runOf(db, transferId))?.heartbeatAt.getTime() === beatAt;
      });
      stack.node.clock.advance(connectedHeartbeatTimeoutMs - 20_000);
      await stack.node.realtime.sweep();
      const [running] = await db.select().from(transfers).where(eq(transfers.id, transferId));
      expect(running?.status).toBe('running');
      expect((await runningSnipes(db, sniper)).length).toBe(1);

      // Silent past the long limit while still connected: both are lost by the same rule; the
      // transfer ends with its kind's loss message, the snipe waits for an agent (its kind's rule).
      stack.node.clock.advance(connectedHeartbeatTimeoutMs);
      await stack.node.realtime.sweep();
      const failed = await transferPage.waitFor(
        (m) => m.action === 'transfer-failed' && m.data.transferId === transferId,
        'the transfer loss',
      );
      expect(failed.data.reason).toBe(transferMessages.agentLost);
      const [lostTransfer] = await db.select().from(transfers).where(eq(transfers.id, transferId));
      expect(lostTransfer).toMatchObject({ status: 'failed', isLost: true });
      await dashboard.waitFor(
        (m) => m.action === 'update-account' && m.data.id === sniper && m.data.status === 'waiting',
        'the snipe to wait for an agent',
      );
      expect((await runOf(db, lease.leaseId))?.status).toBe('lost');
    },
  );

  it(
    'keeps a beating SBC run and rehearsal, and ends both by the same rule once their agent falls silent',
    hubSuite,
    async () => {
      const page = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 1 });
      stack.browsers.push(page);
      const account = await createAccount(page.http, 'solver@example.com');
      const db = stack.node.app.appContext.db;
      const [owner] = await db
        .select({ userId: accounts.userId })
        .from(accounts)
        .where(eq(accounts.id, account));
      const userId = owner?.userId ?? '';
      const agentId = 'scripted-agent';
      const now = stack.node.clock.now();
      const sbcRunId = randomUUID();
      const rehearsalId = randomUUID();
      expect(
        await sbcRepo.openRun(
          db,
          { id: sbcRunId, userId, accountId: account, solutionIds: [], createdAt: now },
          agentId,
        ),
      ).toBe('opened');
      const rehearsal = await rehearsalRepo.open(
        db,
        {
          id: rehearsalId,
          userId,
          filterKey: 'f@x',
          filterIds: [],
          spanMinutes: 15,
          seed: 1,
          createdAt: now,
          updatedAt: now,
        },
        agentId,
      );
      expect(rehearsal).not.toBe('busy');

      // Past the heartbeat limit but beating (by the heartbeat's run ids): both stay.
      stack.node.clock.advance(connectedHeartbeatTimeoutMs - 20_000);
      const beatAt = stack.node.clock.now().getTime();
      stack.agent.beat([], [], [sbcRunId, rehearsalId]);
      await eventually(async () => (await runOf(db, rehearsalId))?.heartbeatAt.getTime() === beatAt);
      expect((await runOf(db, sbcRunId))?.heartbeatAt.getTime()).toBe(beatAt);
      stack.node.clock.advance(connectedHeartbeatTimeoutMs - 20_000);
      await stack.node.realtime.sweep();
      expect((await sbcRepo.run(db, sbcRunId))?.status).toBe('running');
      expect((await rehearsalRepo.byId(db, rehearsalId))?.status).toBe('running');

      // Silent past the long limit while still connected: both end as lost, each with its kind's message.
      stack.node.clock.advance(connectedHeartbeatTimeoutMs);
      await stack.node.realtime.sweep();
      expect(await sbcRepo.run(db, sbcRunId)).toMatchObject({
        status: 'failed',
        description: sbcMessages.agentLost,
      });
      expect(await rehearsalRepo.byId(db, rehearsalId)).toMatchObject({
        status: 'failed',
        message: rehearsalLostMessage,
      });
      expect((await runOf(db, sbcRunId))?.status).toBe('lost');
      expect((await runOf(db, rehearsalId))?.status).toBe('lost');
    },
  );
});
