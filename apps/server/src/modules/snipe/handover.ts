import { randomUUID } from 'node:crypto';
import type { EventAck, SessionHandBack, SessionsHandBack } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { runsRepo } from '../../runs/runs-repo.js';
import { accountRepo } from '../account/repo.js';
import { snipeMessages } from './messages.js';
import type { SnipePublisher } from './publisher.js';
import { leaseOfRun, planOfRun, snipeRepo, type SnipePlan } from './repo.js';
import type { RunEvents } from './run-events.js';
import type { AgentDispatcher } from './service.js';
import { sessionStartCommand } from './start-command.js';

/**
 * How many sessions of one `sessions-hand-back` move at once: each move is a few statements in
 * turn, so a hundred in a row took seconds of round trips; a few at a time keep the answer within
 * the agent's acknowledgement wait without taking the whole database pool.
 */
const MOVES_AT_ONCE = 8;

/**
 * A leaving agent's snipe runs go on elsewhere (docs/decisions/runs.md). The agent hands a run back
 * only after it stopped the session and every event of it was stored, so the run moves between two
 * steps: nothing bought is lost (its events are in), and nothing is bought twice (no session of the
 * old lease runs any more when the new one starts). The run moves under a new lease, so the old
 * lease's event numbers and a late event of it never mix with the new session's.
 */
export function createSnipeHandover(
  ctx: AppContext,
  agents: AgentDispatcher,
  runEvents: RunEvents,
  publish: SnipePublisher,
  settings: { priceStaleAfterMs: number },
  log: { info(details: object, message: string): void; error(details: object, message: string): void },
) {
  const { db } = ctx;

  /** Answered once stored (a replay, or a run that ended meanwhile, changes nothing). */
  async function handBack({ leaseId, accountId }: SessionHandBack, agentId: string): Promise<EventAck> {
    const run = await runsRepo.byId(db, leaseId);
    const held =
      run?.kind === 'snipe' &&
      run.status === 'running' &&
      run.agentId === agentId &&
      run.accountId === accountId;
    if (!run || !held) return { ok: true };
    const lease = leaseOfRun(run);
    const account = await accountRepo.findOwned(db, run.userId, accountId);
    const plan = planOfRun(run);
    const target = account && plan ? await agents.pick(agentId) : undefined;
    if (!account || !plan || target === undefined) {
      await runEvents.endLease(lease, snipeMessages.handBackFailed, 'error');
      return { ok: true };
    }
    const now = ctx.now();
    const moved = { leaseId: randomUUID(), agentId: target, at: now };
    if (!(await snipeRepo.moveLease(db, leaseId, moved))) return { ok: true };
    log.info({ accountId, from: agentId, to: target }, 'snipe run moving to another agent');
    // The new session signs in again: the row says so (before the start, so its Active comes after).
    const row = await accountRepo.update(db, run.userId, accountId, { status: 'logging_in', updatedAt: now });
    if (row) publish.account(run.userId, row);
    // Answered once moved: the leaving agent's next hand-back, queued behind this answer on its
    // socket, does not wait for the new agent's start as well.
    void startMoved(account, plan, moved).catch((err: unknown) =>
      log.error({ err, accountId }, 'could not start a moved snipe run'),
    );
    return { ok: true };
  }

  async function startMoved(
    account: NonNullable<Awaited<ReturnType<typeof accountRepo.findOwned>>>,
    plan: SnipePlan,
    moved: { leaseId: string; agentId: string; at: Date },
  ) {
    const lostRun = await snipeRepo.lostRunToReconcile(db, account.id, moved.leaseId, moved.at);
    const ack = await agents
      .start(
        moved.agentId,
        sessionStartCommand(ctx, account, {
          leaseId: moved.leaseId,
          plan,
          maxPriceAgeMs: settings.priceStaleAfterMs,
          readUnassignedPile: lostRun !== undefined,
        }),
      )
      .catch((error: unknown) => ({ ok: false as const, message: String(error) }));
    if (ack.ok) return;
    const started = await runsRepo.byId(db, moved.leaseId);
    if (started) await runEvents.endLease(leaseOfRun(started), snipeMessages.handBackFailed, 'error');
  }

  /**
   * A leaving agent's sessions, all in one message: each is moved as `handBack` moves one. Answered
   * once every one is moved or ended; a failure (the database away) has the agent send the whole
   * message again, and the sessions already moved are then left as they are.
   */
  async function handBackMany({ sessions }: SessionsHandBack, agentId: string): Promise<EventAck> {
    const queue = [...new Map(sessions.map((session) => [session.leaseId, session])).values()];
    const failures: unknown[] = [];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift())
        await handBack(next, agentId).catch((error: unknown) => failures.push(error));
    };
    await Promise.all(Array.from({ length: Math.min(MOVES_AT_ONCE, queue.length) }, worker));
    if (failures.length > 0) throw failures[0];
    log.info({ agentId, sessions: sessions.length }, 'sessions handed back');
    return { ok: true };
  }

  return { handBack, handBackMany };
}

export type SnipeHandover = ReturnType<typeof createSnipeHandover>;
