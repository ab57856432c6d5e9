import { randomUUID } from 'node:crypto';
import type { EventAck, SessionHandBack, SessionsHandBack } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { runsRepo, type RunRow } from '../../runs/runs-repo.js';
import { accountRepo, type AccountRow } from '../account/repo.js';
import { snipeMessages } from './messages.js';
import type { SnipePublisher } from './publisher.js';
import { isWaitingLease, leaseOfRun, planOfRun, snipeRepo, type SnipePlan } from './repo.js';
import type { RunEvents } from './run-events.js';
import type { AgentDispatcher } from './service.js';
import { sessionStartCommand } from './start-command.js';

/**
 * How many sessions of one `sessions-hand-back` move at once: each move is a few statements in
 * turn, so a hundred in a row took seconds of round trips; a few at a time keep the answer within
 * the agent's acknowledgement wait without taking the whole database pool.
 */
const MOVES_AT_ONCE = 8;
/** Waiting runs one sweep places at most: a sweep stays short, and the next one takes the rest. */
const PLACED_PER_SWEEP = 20;

/**
 * When a waiting run began waiting: kept in its detail across a refused start (which makes it wait
 * again under a new lease), so the limit counts the whole wait; a run stored before the key was
 * kept began waiting when its lease started.
 */
function waitingSinceOf(run: RunRow) {
  const since = run.detail['waitingSince'];
  return typeof since === 'number' ? new Date(since) : run.startedAt;
}

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
  settings: {
    priceStaleAfterMs: number;
    /** How long a handed-back run waits for a free agent before it ends (SNIPE_AGENT_WAIT_MS). */
    agentWaitMs: number;
  },
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
    const account = await accountRepo.findOwned(db, run.userId, accountId);
    const plan = planOfRun(run);
    if (!account || !plan) {
      await runEvents.endLease(leaseOfRun(run), snipeMessages.handBackFailed, 'error');
      return { ok: true };
    }
    const target = await agents.pick(agentId);
    if (target === undefined) await moveToWait(run, snipeMessages.waitingForAgent);
    else await moveToAgent(run, account, plan, target);
    return { ok: true };
  }

  /**
   * Every agent is busy (or gone), the run's agent was lost, or its new agent refused the start: the
   * run goes on under no agent, holding its account and licence slot, until `placeWaiting` finds one
   * free; the row says it waits. A wait that begins now tells the user `why`; a run that already
   * waited (`waitingSince`, when its wait began) waits on from then, so the limit counts the whole
   * wait, and is not told again (each refused sweep would repeat the notice).
   */
  async function moveToWait(
    run: RunRow,
    why: string,
    { endAs = 'ended', waitingSince }: { endAs?: 'ended' | 'lost'; waitingSince?: Date } = {},
  ) {
    const since = waitingSince ?? ctx.now();
    const moved = await moveLeaseTo(run, null, 'waiting', { endAs, waitingSince: since });
    if (!moved) return;
    log.info({ accountId: run.accountId, from: run.agentId, endAs }, 'snipe run waiting for a free agent');
    if (waitingSince !== undefined) return;
    await publish.notify(run.userId, 'blank', why);
    // The run stopped searching until an agent is free: the chat hears of it as of a start or a
    // stop (docs/decisions/notifications.md), or it would first learn of the wait when it ends.
    if (moved.account) publish.webhookStartStop(run.userId, moved.account, 'INFO', why);
  }

  /**
   * The lost-agent rule took these snipe runs (`settleLost`): each waits for an agent as a handed-back
   * one does; the old run ends `lost`, so its next start reads the unassigned pile. The old agent is
   * told to stop the old lease in case it is alive after all (connected, yet silent past the long
   * limit): a second sign-in of the account elsewhere would fight it. A run that cannot go on (no
   * plan stored, the account gone) ends as lost runs always did.
   */
  async function waitAfterLoss(lost: RunRow[]) {
    const accountsLeft = await accountRepo.ownedAmong(
      db,
      lost.flatMap(({ userId, accountId }) => (accountId === null ? [] : [{ userId, accountId }])),
    );
    for (const run of lost) {
      const lease = leaseOfRun(run);
      const canGoOn = planOfRun(run) !== undefined && accountsLeft.has(run.accountId ?? '');
      if (!canGoOn) {
        await runEvents.markLost([lease]);
        continue;
      }
      if (!isWaitingLease(lease))
        agents.stop(lease.agentId, { accountId: lease.accountId, leaseId: lease.leaseId });
      await moveToWait(run, snipeMessages.lostWaitingForAgent, { endAs: 'lost' });
    }
  }

  async function moveToAgent(
    run: RunRow,
    account: AccountRow,
    plan: SnipePlan,
    target: string,
    /** When the run began waiting for an agent (a refused start waits on from then); none: now. */
    waitingSince?: Date,
  ) {
    // The new session signs in again: the row says so (before the start, so its Active comes after).
    const moved = await moveLeaseTo(run, target, 'logging_in');
    if (!moved) return;
    log.info({ accountId: account.id, from: run.agentId, to: target }, 'snipe run moving to another agent');
    // Answered once moved: the leaving agent's next hand-back, queued behind this answer on its
    // socket, does not wait for the new agent's start as well.
    void startMoved(account, plan, { ...moved, agentId: target }, waitingSince).catch((err: unknown) =>
      log.error({ err, accountId: account.id }, 'could not start a moved snipe run'),
    );
  }

  /**
   * The run under a new lease held by `agentId` (none: waiting), its row at `status`; answers the
   * new lease and the account's row, or nothing when another caller moved or ended the run first.
   * A run moved to wait keeps when its wait began (`waitingSince`); the old run ends `endAs`.
   */
  async function moveLeaseTo(
    run: RunRow,
    agentId: string | null,
    status: 'waiting' | 'logging_in',
    { endAs = 'ended', waitingSince }: { endAs?: 'ended' | 'lost'; waitingSince?: Date } = {},
  ) {
    const moved = { leaseId: randomUUID(), agentId, at: ctx.now() };
    const detail = waitingSince === undefined ? {} : { detail: { waitingSince: waitingSince.getTime() } };
    if (!(await snipeRepo.moveLease(db, run.id, { ...moved, ...detail }, endAs))) return undefined;
    const row = await accountRepo.update(db, run.userId, run.accountId ?? '', {
      status,
      updatedAt: moved.at,
    });
    if (row) publish.account(run.userId, row);
    return { ...moved, account: row };
  }

  /**
   * One round of the sweep: the runs waiting for an agent, longest waiting first; one that waited
   * past the limit ends and says why, the others are moved to the free agents one pick drew for
   * them all (the rest wait for the next sweep). Nodes may run it at once: a run moves only once
   * (`moveLease`), and the other node's move of it changes nothing.
   */
  async function placeWaiting() {
    const waiting = await runsRepo.waitingForAgent(db, 'snipe', PLACED_PER_SWEEP);
    const placeable: { run: RunRow; account: AccountRow; plan: SnipePlan; since: Date }[] = [];
    for (const run of waiting) {
      const since = waitingSinceOf(run);
      if (ctx.now().getTime() - since.getTime() >= settings.agentWaitMs) {
        await runEvents.endLease(leaseOfRun(run), snipeMessages.noAgentInTime(settings.agentWaitMs), 'error');
        continue;
      }
      const account = await accountRepo.findOwned(db, run.userId, run.accountId ?? '');
      const plan = planOfRun(run);
      if (!account || !plan) {
        await runEvents.endLease(leaseOfRun(run), snipeMessages.handBackFailed, 'error');
        continue;
      }
      placeable.push({ run, account, plan, since });
    }
    if (placeable.length === 0) return;
    const targets = await agents.pickMany(placeable.length);
    for (const [index, target] of targets.entries()) {
      const next = placeable[index];
      if (next) await moveToAgent(next.run, next.account, next.plan, target, next.since);
    }
  }

  /**
   * The moved run's start on its new agent. A refusal (the agent full, gone, or not answering)
   * does not end the run: it waits for an agent again, its wait counted from when it began
   * (`waitingSince`; a run handed straight to an agent starts waiting now), until the limit.
   */
  async function startMoved(
    account: AccountRow,
    plan: SnipePlan,
    moved: { leaseId: string; agentId: string; at: Date },
    waitingSince: Date | undefined,
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
    const refused = await runsRepo.byId(db, moved.leaseId);
    if (refused?.status !== 'running') return;
    log.info(
      { accountId: account.id, agentId: moved.agentId, refusal: ack.message },
      'a moved snipe run was refused; it waits for an agent again',
    );
    await moveToWait(refused, snipeMessages.waitingForAgent, { waitingSince });
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

  return { handBack, handBackMany, placeWaiting, waitAfterLoss };
}

export type SnipeHandover = ReturnType<typeof createSnipeHandover>;
