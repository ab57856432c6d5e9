import {
  rehearsalStartSchema,
  type AgentAck,
  type RehearsalEvent,
  type RehearsalStart,
} from '@tradedesk/domain/realtime';
import { runRehearsal } from './run-rehearsal.js';
import type { RehearsalSides } from './rehearsal-worlds.js';
import { agentRefusals, refuse } from '../command-ack.js';

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

/** `rehearsal-start`: runs one rehearsal per command and reports progress, then its result. */
export function registerRehearsalCommands(options: RehearsalCommandsOptions) {
  const running = new Map<string, AbortController>();

  const send = async (event: RehearsalEvent) => {
    if (!options.isKilled()) await options.socket.emitWithAck('rehearsal-event', event);
  };

  async function run(command: RehearsalStart, abort: AbortController) {
    const { rehearsalId } = command;
    try {
      const result = await runRehearsal(
        command,
        options.sides,
        (done) => {
          // Already throttled by the sides (`PROGRESS_STEP`); the end comes with the result.
          if (done >= 1) return;
          void send({ rehearsalId, event: { type: 'progress', done } }).catch(() => {});
        },
        abort.signal,
      );
      await send({ rehearsalId, event: { type: 'result', result } });
    } catch (error) {
      options.log(`rehearsal ${rehearsalId} failed: ${String(error)}`);
      const message = error instanceof Error && error.message !== '' ? error.message : 'The rehearsal failed';
      await send({ rehearsalId, event: { type: 'failed', message: message.slice(0, 500) } }).catch(() => {});
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
    /** Ends every rehearsal at its next step (each still reports). */
    stopAll() {
      for (const abort of running.values()) abort.abort();
    },
  };
}
