import {
  rehearsalStartSchema,
  stopCauseOf,
  type RehearsalEvent,
  type RehearsalStart,
} from '@tradedesk/domain/realtime';
import { runRehearsal } from './run-rehearsal.js';
import type { RehearsalSides } from './rehearsal-worlds.js';
import type { RunHost } from '../run-host.js';

export interface RehearsalCommandsOptions {
  readonly sides: RehearsalSides;
  readonly log: (line: string) => void;
}

export const rehearsalRefusals = {
  invalid: 'Invalid rehearsal command',
} as const;

type RehearsalOutcome = Extract<RehearsalEvent['event'], { type: 'result' | 'failed' | 'stopped' }>;

/**
 * `rehearsal-start`: runs one rehearsal per command and reports progress, then its result. Events
 * go out as every run kind's do (deliverEvent: numbered from 0, one at a time, re-sent while the
 * server answers `retry` and, by the socket's retries, after a reconnect), so a finished backtest
 * reaches the server even across a lost node or a database hiccup.
 */
export function registerRehearsalCommands(host: RunHost, options: RehearsalCommandsOptions): void {
  /**
   * One rehearsal's events, in order. Only the latest progress matters: a progress waiting behind
   * a slow delivery is replaced by a newer one, so a stalled server never piles them up, and the
   * outcome goes out after whatever progress is already on its way.
   */
  function outboxFor(rehearsalId: string) {
    let seq = 0;
    let delivered: Promise<unknown> = Promise.resolve();
    let waitingProgress: number | undefined;
    const deliver = async (event: RehearsalEvent['event']) => {
      // A crashed agent sends nothing more (its run is ended by the server's loss rules).
      if (host.isKilled()) return;
      const envelope: RehearsalEvent = { rehearsalId, seq: seq++, event };
      await host.deliver('rehearsal-event', envelope);
    };
    const enqueue = (send: () => Promise<void>) => {
      // A failed delivery (the socket gave up) does not hold back the next event.
      delivered = delivered.then(send).catch((error: unknown) => {
        options.log(`rehearsal ${rehearsalId}: an event was not delivered: ${String(error)}`);
      });
      return delivered;
    };
    return {
      progress(done: number) {
        const alreadyWaiting = waitingProgress !== undefined;
        waitingProgress = done;
        if (alreadyWaiting) return;
        void enqueue(() => {
          const latest = waitingProgress ?? done;
          waitingProgress = undefined;
          return deliver({ type: 'progress', done: latest });
        });
      },
      /** Resolves once the server has the outcome (or the agent stopped trying). */
      outcome: (event: RehearsalOutcome) => enqueue(() => deliver(event)),
    };
  }

  async function run(command: RehearsalStart, abort: AbortController) {
    const { rehearsalId } = command;
    const outbox = outboxFor(rehearsalId);
    try {
      const result = await runRehearsal(
        command,
        options.sides,
        (done) => {
          // Already throttled by the sides (`PROGRESS_STEP`); the end comes with the result.
          if (done < 1) outbox.progress(done);
        },
        abort.signal,
      );
      // A stopped rehearsal's result covers part of its span: it reports the stop and its cause.
      await outbox.outcome(
        abort.signal.aborted
          ? { type: 'stopped', cause: stopCauseOf(abort.signal) }
          : { type: 'result', result },
      );
    } catch (error) {
      if (abort.signal.aborted) {
        await outbox.outcome({ type: 'stopped', cause: stopCauseOf(abort.signal) });
        return;
      }
      options.log(`rehearsal ${rehearsalId} failed: ${String(error)}`);
      const message = error instanceof Error && error.message !== '' ? error.message : 'The rehearsal failed';
      await outbox.outcome({ type: 'failed', message: message.slice(0, 500) });
    }
  }

  host.command('rehearsal-start', rehearsalStartSchema, rehearsalRefusals.invalid, (command, answer) => {
    // A rehearsal signs no game account in: it takes a slot and holds no account.
    const refusal = host.refusalOf({ accounts: [], takesSlot: true });
    if (refusal) return answer(refusal);
    const abort = new AbortController();
    answer({ ok: true });
    const ended = run(command, abort);
    void host.hold(
      {
        id: command.rehearsalId,
        label: `rehearsal ${command.rehearsalId}`,
        accounts: [],
        takesSlot: true,
        beat: 'runIds',
        handBackKind: 'rehearsal',
        // Ends at its next step; it still reports its stop, with the cause (the first stop's).
        stop: (cause) => {
          if (!abort.signal.aborted) abort.abort(cause);
          return ended;
        },
      },
      ended,
    );
  });
}
