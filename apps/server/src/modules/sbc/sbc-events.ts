import { solvedSbcWith, successMessages, type NotificationKind } from '@tradedesk/domain';
import type { EventAck, SbcEvent } from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { accountRepo } from '../account/repo.js';
import { sbcClubRepo } from '../account/club-repo.js';
import { sbcMessages, sbcSocket } from './messages.js';
import type { SbcRunStepRecord } from '../../db/schema-sbc.js';
import { runsRepo } from '../../runs/runs-repo.js';
import { sbcRepo, withStep, type SbcRunRow, type SbcRunStatus } from './repo.js';
import type { SbcUserChannel } from './solver-service.js';

/** The line an event adds to the run's progress (the page's list, live and after a reload). */
function stepOf(event: SbcEvent): SbcRunStepRecord {
  switch (event.type) {
    case 'notification':
      return { text: event.description, tone: 'info' };
    case 'finish':
      return { text: solvedSbcWith(event.costs), tone: 'success' };
    case 'stopped':
      return { text: successMessages.solverStopped, tone: 'success' };
    case 'error':
      return { text: event.description, tone: 'error' };
  }
}

/** A running run as a page that (re)connects gets it: where it is and what it did so far. */
export const presentRunningRun = (run: SbcRunRow) => ({
  accountId: run.accountId,
  runId: run.id,
  steps: run.steps,
});

const statusOf: Record<Exclude<SbcEvent['type'], 'notification'>, SbcRunStatus> = {
  finish: 'success',
  stopped: 'stopped',
  error: 'failed',
};

/**
 * A run its leaving agent stopped (the stop's cause) ends as its hand-back would end it: failed,
 * saying the agent shut down, not as the user's plain stop.
 */
const agentLeftAsFailure = (event: SbcEvent): SbcEvent =>
  event.type === 'stopped' && event.cause === 'agent-leaving'
    ? {
        type: 'error',
        at: event.at,
        description: sbcMessages.agentLeft,
        costs: event.costs,
        solved: event.solved,
      }
    : event;

/** Keeps a notification for the user's bell (the per-user channel's `notify`, the one path every run uses). */
export type SbcNotificationKeeper = (userId: string, type: NotificationKind, message: string) => unknown;

/**
 * The solver runs' agent events: each stored once per `{runId}:{seq}` (a replay is acknowledged
 * and changes nothing), the terminal one closes the run with its coins and squads, and every
 * event goes to the user's pages as the spec's SBC_NOTIFICATION / SBC_FINISH_SOLVER / ERROR.
 * A run that finished or failed is kept in the bell too: it takes minutes, and its end may come
 * while the user is on another page (a stop is the user's own doing, told by its toast).
 */
export function createSbcEvents(ctx: AppContext, toUser: SbcUserChannel, keep: SbcNotificationKeeper) {
  async function keepOutcome(run: SbcRunRow, outcome: { solved: string } | { failed: string }) {
    const account = await accountRepo.findOwned(ctx.db, run.userId, run.accountId);
    const name = account?.email ?? run.accountId;
    await keep(
      run.userId,
      'solved' in outcome ? 'success' : 'error',
      'solved' in outcome
        ? sbcMessages.solvedNotice(outcome.solved, name)
        : sbcMessages.failedNotice(name, outcome.failed),
    );
  }

  function publish(run: SbcRunRow, event: SbcEvent) {
    const base = { accountId: run.accountId, runId: run.id };
    switch (event.type) {
      case 'notification':
        return toUser(run.userId, {
          action: sbcSocket.notification,
          data: { ...base, description: event.description },
        });
      case 'finish':
        return toUser(run.userId, {
          action: sbcSocket.finish,
          data: {
            ...base,
            costs: event.costs,
            solved: event.solved,
            description: solvedSbcWith(event.costs),
          },
        });
      case 'stopped':
        return toUser(run.userId, {
          action: sbcSocket.notification,
          data: { ...base, description: successMessages.solverStopped, stopped: true, costs: event.costs },
        });
      case 'error':
        return toUser(run.userId, {
          action: sbcSocket.error,
          data: { ...base, description: event.description },
        });
    }
  }

  return {
    async apply(runId: string, seq: number, said: SbcEvent, agentId: string): Promise<EventAck> {
      const event = agentLeftAsFailure(said);
      const run = await sbcRepo.run(ctx.db, runId);
      if (!run || (await runsRepo.byId(ctx.db, runId))?.agentId !== agentId) return { ok: true, stop: true };
      const outcome =
        event.type === 'notification'
          ? undefined
          : {
              status: statusOf[event.type],
              costs: event.costs,
              solved: event.solved,
              description: event.type === 'error' ? event.description : '',
            };
      // Events of one run arrive one at a time (the agent awaits each acknowledgement), so the
      // steps read with the run are the ones this event extends.
      const steps = withStep(run.steps, stepOf(event));
      const stored = await sbcRepo.recordEvent(ctx.db, runId, seq, ctx.now(), steps, outcome);
      if (!stored) return { ok: true };
      if (event.type === 'notification' && event.submittedItemIds)
        // The game took the submitted squad's cards: the next squad must not plan with them.
        await sbcClubRepo.removeSubmittedItems(ctx.db, {
          userId: run.userId,
          accountId: run.accountId,
          itemIds: event.submittedItemIds,
        });
      publish(run, event);
      if (event.type === 'finish') await keepOutcome(run, { solved: solvedSbcWith(event.costs) });
      else if (event.type === 'error') await keepOutcome(run, { failed: event.description });
      return { ok: true };
    },

    /** Fails runs whose agent is gone: `lost` by the lost-agent rule, `ended` when handed back. */
    async markLost(
      lost: Array<{ id: string; lastSeq: number }>,
      description: string = sbcMessages.agentLost,
      ending: 'lost' | 'ended' = 'lost',
    ) {
      for (const { id, lastSeq } of lost) {
        const run = await sbcRepo.run(ctx.db, id);
        if (!run) continue;
        const steps = withStep(run.steps, { text: description, tone: 'error' });
        const outcome = {
          status: 'failed' as const,
          costs: run.costs,
          solved: run.solved,
          description,
        };
        const closed = await sbcRepo.recordEvent(
          ctx.db,
          run.id,
          lastSeq + 1,
          ctx.now(),
          steps,
          outcome,
          ending,
        );
        if (!closed) continue;
        toUser(run.userId, {
          action: sbcSocket.error,
          data: { accountId: run.accountId, runId: run.id, description },
        });
        await keepOutcome(run, { failed: description });
      }
    },
  };
}

export type SbcEvents = ReturnType<typeof createSbcEvents>;
