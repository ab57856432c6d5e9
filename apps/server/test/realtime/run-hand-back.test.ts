import { randomUUID } from 'node:crypto';
import { defaultTransferConfig } from '@tradedesk/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, transfers } from '../../src/db/schema.js';
import { rehearsalRepo } from '../../src/modules/rehearsal/repo.js';
import { rehearsalLeftMessage } from '../../src/modules/rehearsal/service.js';
import { sbcMessages, sbcSocket } from '../../src/modules/sbc/messages.js';
import { sbcRepo } from '../../src/modules/sbc/repo.js';
import { transferMessages } from '../../src/modules/transfer/messages.js';
import { backends } from '../database.js';
import { runOf } from '../runs.js';
import { ronaldoTransferFilter, scriptedAgentStack } from './scripted-stack.js';
import { createAccount, hubSuite, openBrowser } from './stack.js';

const heartbeatTimeoutMs = 45_000;
const connectedHeartbeatTimeoutMs = 120_000;

/**
 * A leaving agent (SIGTERM) hands back the runs that cannot move to another agent: each ends at once,
 * saying the agent shut down, and the lost-agent rule finds nothing of it later.
 */
describe.each(backends)('runs a leaving agent hands back (%s)', (backend) => {
  const stack = scriptedAgentStack(backend, { node: { heartbeatTimeoutMs, connectedHeartbeatTimeoutMs } });
  const handBack = (kind: string, runId: string) =>
    stack.agent.socket.emitWithAck('run-hand-back', { kind, runId }) as Promise<unknown>;
  /** Past every heartbeat limit with the agent silent: the lost-agent rule's sweep runs. */
  const afterTheLostRule = async () => {
    stack.node.clock.advance(connectedHeartbeatTimeoutMs * 2);
    await stack.node.realtime.sweep();
  };

  it('ends a transfer at once, not lost, and the lost-agent rule leaves it so', hubSuite, async () => {
    const dashboard = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 2, credits: 3 });
    const transferPage = await openBrowser(stack.node, {}, dashboard.user, '/client/transfer');
    stack.browsers.push(dashboard, transferPage);
    const buyer = await createAccount(dashboard.http, 'buyer@example.com');
    const seller = await createAccount(dashboard.http, 'seller@example.com');
    const db = stack.node.app.appContext.db;
    const seen = stack.agent.commands.length;
    transferPage.send('transfer-purchase-player-start', {
      filter: ronaldoTransferFilter,
      buyer: { id: buyer },
      seller: { id: seller },
      config: defaultTransferConfig(),
    });
    const { transferId } = (await stack.agent.nextCommand('transfer-start', seen)).payload;

    // Only the agent holding it may hand it back.
    const stranger = await handBack('sbc', transferId);
    expect(stranger).toEqual({ ok: false, message: 'Unknown run' });
    expect(await handBack('transfer', transferId)).toEqual({ ok: true });
    const failed = await transferPage.waitFor(
      (m) => m.action === 'transfer-failed' && m.data.transferId === transferId,
      'the transfer to end',
    );
    expect(failed.data.reason).toBe(transferMessages.agentLeft);
    const [ended] = await db.select().from(transfers).where(eq(transfers.id, transferId));
    expect(ended).toMatchObject({ status: 'failed', isLost: false, description: transferMessages.agentLeft });
    expect((await runOf(db, transferId))?.status).toBe('ended');
    // Handed back again (the acknowledgement was lost): nothing changes.
    expect(await handBack('transfer', transferId)).toEqual({ ok: true });

    await afterTheLostRule();
    const [later] = await db.select().from(transfers).where(eq(transfers.id, transferId));
    expect(later).toMatchObject({ status: 'failed', isLost: false, description: transferMessages.agentLeft });
    expect((await runOf(db, transferId))?.status).toBe('ended');
  });

  /** A new user's SBC run and rehearsal, both running on the scripted agent. */
  async function runningSbcRunAndRehearsal(email: string) {
    const page = await openBrowser(stack.node, { tier: 'snipe', maxAccounts: 1 });
    stack.browsers.push(page);
    const account = await createAccount(page.http, email);
    const db = stack.node.app.appContext.db;
    const [owner] = await db
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(eq(accounts.id, account));
    const userId = owner?.userId ?? '';
    const now = stack.node.clock.now();
    const sbcRunId = randomUUID();
    const rehearsalId = randomUUID();
    expect(
      await sbcRepo.openRun(
        db,
        { id: sbcRunId, userId, accountId: account, solutionIds: [], createdAt: now },
        'scripted-agent',
      ),
    ).toBe('opened');
    await rehearsalRepo.open(
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
      'scripted-agent',
    );
    return { page, db, sbcRunId, rehearsalId };
  }

  it('ends an SBC run and a rehearsal at once, each saying its agent shut down', hubSuite, async () => {
    const { page, db, sbcRunId, rehearsalId } = await runningSbcRunAndRehearsal('solver@example.com');

    expect(await handBack('sbc', sbcRunId)).toEqual({ ok: true });
    expect(await handBack('rehearsal', rehearsalId)).toEqual({ ok: true });
    const solverEnded = await page.waitFor(
      (m) => m.action === sbcSocket.error && m.data.runId === sbcRunId,
      'the solver run to end',
    );
    expect(solverEnded.data.description).toBe(sbcMessages.agentLeft);
    expect(await sbcRepo.run(db, sbcRunId)).toMatchObject({
      status: 'failed',
      description: sbcMessages.agentLeft,
    });
    expect(await rehearsalRepo.byId(db, rehearsalId)).toMatchObject({
      status: 'failed',
      message: rehearsalLeftMessage,
    });

    await afterTheLostRule();
    expect(await sbcRepo.run(db, sbcRunId)).toMatchObject({ description: sbcMessages.agentLeft });
    expect(await rehearsalRepo.byId(db, rehearsalId)).toMatchObject({ message: rehearsalLeftMessage });
    expect((await runOf(db, sbcRunId))?.status).toBe('ended');
    expect((await runOf(db, rehearsalId))?.status).toBe('ended');
  });

  it(
    'an SBC run and a rehearsal whose stop says the agent left end saying so, as their hand-back would',
    hubSuite,
    async () => {
      const { page, db, sbcRunId, rehearsalId } = await runningSbcRunAndRehearsal(
        'leaving-solver@example.com',
      );

      // The leaving agent stopped both: their own stop events go out first, with the cause.
      const stopped = { type: 'stopped', at: 0, costs: 1_000, solved: 0, cause: 'agent-leaving' };
      expect(
        await stack.agent.socket.emitWithAck('sbc-event', { runId: sbcRunId, seq: 0, event: stopped }),
      ).toEqual({ ok: true });
      expect(
        await stack.agent.socket.emitWithAck('rehearsal-event', {
          rehearsalId,
          seq: 0,
          event: { type: 'stopped', cause: 'agent-leaving' },
        }),
      ).toEqual({ ok: true });
      const solverEnded = await page.waitFor(
        (m) => m.action === sbcSocket.error && m.data.runId === sbcRunId,
        'the solver run to end',
      );
      expect(solverEnded.data.description).toBe(sbcMessages.agentLeft);
      expect(await sbcRepo.run(db, sbcRunId)).toMatchObject({
        status: 'failed',
        costs: 1_000,
        description: sbcMessages.agentLeft,
      });
      expect(await rehearsalRepo.byId(db, rehearsalId)).toMatchObject({
        status: 'failed',
        message: rehearsalLeftMessage,
      });
      // Their hand-backs follow and change nothing.
      expect(await handBack('sbc', sbcRunId)).toEqual({ ok: true });
      expect(await handBack('rehearsal', rehearsalId)).toEqual({ ok: true });
      expect((await runOf(db, sbcRunId))?.status).toBe('ended');
      expect((await runOf(db, rehearsalId))?.status).toBe('ended');
      expect(await sbcRepo.run(db, sbcRunId)).toMatchObject({ description: sbcMessages.agentLeft });
    },
  );
});
