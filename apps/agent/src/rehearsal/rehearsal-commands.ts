import {
  rehearsalStartSchema,
  type AgentAck,
  type RehearsalEvent,
  type RehearsalStart,
} from '@tradedesk/domain/realtime';
import { runRehearsal } from './run-rehearsal.js';
import type { RehearsalSides } from './rehearsal-worlds.js';
import { agentRefusals, refuse } from '../command-ack.js';
import { deliverEvent } from '../event-delivery.js';

/** The agent's socket as rehearsals use it (socket.io-client's Socket fits). */
export interface RehearsalSocket {
  on(event: string, listener: (payload: unknown, ack?: (answer: AgentAck) => void) => void): unknown;
  emitWithAck(event: 'rehearsal-event', envelope: RehearsalEvent): Promise<unknown>;
}

export interface RehearsalCommandsOptions {
  readonly socket: RehearsalSocket;
  readonly sides: RehearsalSides;
  readonly freeSlots: () => number;
  readonly isKilled: () => boolean;
  readonly log: (line: string) => void;
}

export const rehearsalRefusals = {
  full: agentRefusals.full,
  invalid: 'Invalid rehearsal command',
} as const;

type RehearsalOutcome = Extract<RehearsalEvent['event'], { type: 'result' | 'failed' }>;

/**
 * `rehearsal-start`: runs one rehearsal per command and reports progress, then its result. Events
 * go out as every run kind's do (deliverEvent: numbered from 0, one at a time, re-sent while the
 * server answers `retry` and, by the socket's retries, after a reconnect), so a finished backtest
 * reaches the server even across a lost node or a database hiccup.
 */
export function registerRehearsalCommands(options: RehearsalCommandsOptions) {
  const running = new Map<string, AbortController>();

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
      if (options.isKilled()) return;
      const envelope: RehearsalEvent = { rehearsalId, seq: seq++, event };
      await deliverEvent({
        emit: () => options.socket.emitWithAck('rehearsal-event', envelope),
        isKilled: options.isKilled,
      });
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
      await outbox.outcome({ type: 'result', result });
    } catch (error) {
      options.log(`rehearsal ${rehearsalId} failed: ${String(error)}`);
      const message = error instanceof Error && error.message !== '' ? error.message : 'The rehearsal failed';
      await outbox.outcome({ type: 'failed', message: message.slice(0, 500) });
    }
  }

  options.socket.on('rehearsal-start', (payload, ack) => {
    const answer = ack ?? (() => {});
    const parsed = rehearsalStartSchema.safeParse(payload);
    if (!parsed.success) return answer(refuse(rehearsalRefusals.invalid));
    if (options.freeSlots() <= 0) return answer(refuse(rehearsalRefusals.full));
    const command = parsed.data;
    const abort = new AbortController();
    running.set(command.rehearsalId, abort);
    answer({ ok: true });
    void run(command, abort).finally(() => running.delete(command.rehearsalId));
  });

  return {
    /** Rehearsals running now (each takes a slot like a session). */
    count: () => running.size,
    /** Their ids: the agent's heartbeat names them. */
    ids: () => [...running.keys()],
    /** Ends every rehearsal at its next step (each still reports). */
    stopAll() {
      for (const abort of running.values()) abort.abort();
    },
  };
}
