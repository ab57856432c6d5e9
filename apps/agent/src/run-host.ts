import type { AgentAck, Heartbeat, RunHandBack, RunStopCause } from '@tradedesk/domain/realtime';
import { agentRefusals, messageOf, refuse } from './command-ack.js';
import { deliverEvent } from './event-delivery.js';

/** The agent's socket as the run host and the run kinds use it (socket.io-client's Socket fits). */
export interface HostSocket {
  on(event: string, listener: (payload: unknown, ack?: (answer: AgentAck) => void) => void): unknown;
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
}

/** Why a run is stopped (the domain's one cause for every kind: the user, or the agent leaving). */
export type { RunStopCause };

/** Which list of the heartbeat names a run (the server's lost rule reads it). */
export type BeatList = keyof Heartbeat;

/** One unit of work the agent holds: a snipe session, a transfer or sync, an SBC run, a club read, a rehearsal. */
export interface HostedRun {
  /** The id the server knows the run by (a snipe's lease id, a transfer's, an SBC run's, a read's). */
  readonly id: string;
  /** How the log names it (`session a1`, `transfer t1`). */
  readonly label: string;
  /** Accounts it keeps signed in: no other run may use them meanwhile (a second sign-in ends the first). */
  readonly accounts: readonly string[];
  /** Whether it takes one of the agent's `capacity` slots. */
  readonly takesSlot: boolean;
  /** Named in the heartbeat (a run the server tracks), or not (a club read). */
  readonly beat?: BeatList;
  /**
   * Ends the work at its next step; its outcome event still goes out and carries `cause`, so a
   * stop for the leave says that the agent shut down (a transfer's failure reason, an SBC run's
   * and a rehearsal's `stopped` event).
   */
  stop(cause: RunStopCause): Promise<unknown>;
  /**
   * How it leaves with the agent (SIGTERM): a run that can resume elsewhere hands itself back (a
   * snipe session). Without it the host stops the run, waits until its events are acknowledged and
   * sends `run-hand-back` when `handBackKind` is set, so the server ends it at once.
   */
  handBack?(): Promise<void>;
  /** The server's run kind for `run-hand-back` (runs the server keeps a row of). */
  readonly handBackKind?: RunHandBack['kind'];
}

export interface RunHostOptions {
  readonly socket: HostSocket;
  /** Runs taking a slot at once, over every kind. */
  readonly capacity: number;
  readonly log: (line: string) => void;
}

/** What a start asks of the agent before it is accepted. */
export interface Admission {
  readonly accounts: readonly string[];
  readonly takesSlot: boolean;
}

/**
 * The agent's one run host: it owns the running work of every kind (one map), the one busy rule
 * per account and the one slot count against `capacity`, the commands' validation and
 * acknowledgement, stop-all, the heartbeat's run lists and the leave (SIGTERM). A run kind
 * registers its commands here and says only how its engine run starts and stops.
 */
export function createRunHost(options: RunHostOptions) {
  const { socket, log } = options;
  const runs = new Map<string, { run: HostedRun; finished: Promise<void> }>();
  let killed = false;
  let leaving = false;

  const isAccountBusy = (accountId: string) =>
    [...runs.values()].some(({ run }) => run.accounts.includes(accountId));
  const slotsInUse = () => [...runs.values()].filter(({ run }) => run.takesSlot).length;

  /** Delivers one event, again while the server answers `retry`; a killed agent stops trying. */
  const deliver = (event: string, payload: unknown) =>
    deliverEvent({ emit: () => socket.emitWithAck(event, payload), isKilled: () => killed });

  async function endForLeave({ run, finished }: { run: HostedRun; finished: Promise<void> }) {
    if (run.handBack) return run.handBack();
    await run.stop('agent-leaving');
    await finished;
    if (run.handBackKind === undefined) return;
    await deliver('run-hand-back', { kind: run.handBackKind, runId: run.id } satisfies RunHandBack);
    log(`${run.label}: ended and handed back to the server`);
  }

  return {
    isKilled: () => killed,
    isLeaving: () => leaving,
    isAccountBusy,
    /** Runs taking a slot now. */
    slotsInUse,
    deliver,
    get: (id: string) => runs.get(id)?.run,

    /**
     * Registers one command: its payload parsed by `schema` (refused with `invalid` otherwise), then
     * handled; `handle` answers the acknowledgement (a command without one gets a no-op).
     */
    command<Payload>(
      name: string,
      schema: { safeParse(payload: unknown): { success: true; data: Payload } | { success: false } },
      invalid: string,
      handle: (payload: Payload, ack: (answer: AgentAck) => void) => void,
    ): void {
      socket.on(name, (payload, ack) => {
        const respond = ack ?? (() => {});
        const parsed = schema.safeParse(payload);
        if (!parsed.success) return respond(refuse(invalid));
        handle(parsed.data, respond);
      });
    },

    /** The refusal a start gets, if any: the agent leaving, an account in use, no free slot. */
    refusalOf({ accounts, takesSlot }: Admission): AgentAck | undefined {
      if (leaving) return refuse(agentRefusals.leaving);
      if (accounts.some(isAccountBusy)) return refuse(agentRefusals.accountBusy);
      if (takesSlot && slotsInUse() >= options.capacity) return refuse(agentRefusals.full);
      return undefined;
    },

    /** Holds `run` until `work` settles (a crash is logged); answers when it is over. */
    hold(run: HostedRun, work: Promise<unknown>): Promise<void> {
      const finished = work
        .then(
          () => undefined,
          (error: unknown) => log(`${run.label} crashed: ${messageOf(error)}`),
        )
        .finally(() => {
          if (runs.get(run.id)?.run === run) runs.delete(run.id);
        });
      runs.set(run.id, { run, finished });
      return finished;
    },

    /** The heartbeat: every tracked run by its list. */
    beat(): Heartbeat {
      const beat = { leaseIds: [] as string[], transferIds: [] as string[], runIds: [] as string[] };
      for (const { run } of runs.values()) if (run.beat) beat[run.beat].push(run.id);
      return beat;
    },

    /** Stops every run (each still reports its outcome); resolves once each stop returned. */
    async stopAll() {
      await Promise.allSettled([...runs.values()].map(({ run }) => run.stop('user')));
    },

    /**
     * SIGTERM: no new run is taken; every run is handed back (a snipe moves to another agent) or
     * ended and reported ended, so none is left to the server's lost-agent rule. `announce` tells
     * the server first that the agent is leaving.
     */
    async leave(announce: () => Promise<unknown>) {
      leaving = true;
      // Announced before the hand-backs (the socket sends in order): no node picks this agent again.
      await announce();
      await Promise.allSettled([...runs.values()].map(endForLeave));
    },

    /** A crash (tests): nothing more is sent, every run stops where it is. */
    kill() {
      killed = true;
      for (const { run } of runs.values()) void run.stop('user').catch(() => undefined);
      runs.clear();
    },
  };
}

export type RunHost = ReturnType<typeof createRunHost>;
