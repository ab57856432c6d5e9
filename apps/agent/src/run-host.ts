import type {
  AgentAck,
  EventAck,
  Heartbeat,
  RunHandBack,
  RunStopCause,
  SessionHandBack,
  SessionsHandBack,
} from '@tradedesk/domain/realtime';
import { agentRefusals, messageOf, refuse } from './command-ack.js';
import { deliverEvent } from './event-delivery.js';

/** The agent's socket as the run host and the run kinds use it (socket.io-client's Socket fits). */
export interface HostSocket {
  on(event: string, listener: (payload: unknown, ack?: (answer: AgentAck) => void) => void): unknown;
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
  /** Whether a packet emitted now goes out at once (else it waits in the socket's buffer). */
  readonly connected?: boolean;
}

/** Why a run is stopped (the domain's one cause for every kind: the user, or the agent leaving). */
export type { RunStopCause };

/**
 * How many events the agent has waiting for the server's answer at once, over all its runs. Each
 * run's own events go one at a time, in order (its lane); different runs' go side by side. One at a
 * time for the whole agent (Socket.IO's `retries` queue) capped an agent at one event per round
 * trip, and a session waits for each of its events' answers before its next search: at 400
 * sessions on a loaded machine the cluster made ~51 searches a second, 209 sessions searching in 15 s
 * (docs/benchmarks.md). A few at a time, so the nodes' database pools are not the next queue.
 */
export const eventsInFlight = 4;

/**
 * How long a leaving agent waits for its sessions to stop before it hands back those that have:
 * they normally all stop within an engine step, so they go in one message.
 */
export const handBackWaitMs = 10_000;

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
   * How it leaves with the agent (SIGTERM), for a run that can resume elsewhere (a snipe session):
   * it stops, waits until its events are acknowledged and answers what the server moves it by; the
   * host sends every such answer in one `sessions-hand-back`. Without it the host stops the run,
   * waits until its events are acknowledged and sends `run-hand-back` when `handBackKind` is set,
   * so the server ends it at once.
   */
  readonly handBack?: () => Promise<SessionHandBack>;
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
  /**
   * Runs of a leaving agent that have stopped but that the server has not yet taken back: they
   * stay in the heartbeat, or the lost-agent rule would end them while their hand-back waits.
   */
  const departing = new Map<string, BeatList>();
  let killed = false;
  let leaving = false;

  const isAccountBusy = (accountId: string) =>
    [...runs.values()].some(({ run }) => run.accounts.includes(accountId));
  const slotsInUse = () => [...runs.values()].filter(({ run }) => run.takesSlot).length;

  /**
   * Settles at the socket's next (re)connect. An event sent over the connection that dropped gets no
   * answer on the new one: it is sent again at once, not after the ack timeout (Socket.IO's
   * `retries` queue did the same for its one packet in flight).
   */
  const nextConnect = () => {
    let resolve: () => void = () => {};
    const promise = new Promise<void>((settle) => (resolve = settle));
    return { promise, resolve };
  };
  let reconnected = nextConnect();
  socket.on('connect', () => {
    reconnected.resolve();
    reconnected = nextConnect();
  });
  const sentOverThisConnection = (event: string, payload: unknown) => {
    if (socket.connected !== true) return socket.emitWithAck(event, payload);
    const dropped = reconnected.promise.then(() => Promise.reject(new Error('The connection was replaced')));
    return Promise.race([socket.emitWithAck(event, payload), dropped]);
  };

  /** Each lane's last delivery (settled, never rejected): the next event of the lane waits for it. */
  const lanes = new Map<string, Promise<unknown>>();
  let inFlight = 0;
  const waitingForRoom: Array<() => void> = [];
  const room = () => {
    if (inFlight < eventsInFlight) {
      inFlight += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waitingForRoom.push(resolve));
  };
  /** Frees one place, or hands it straight to the delivery waiting longest. */
  const release = () => {
    const next = waitingForRoom.shift();
    if (next) next();
    else inFlight -= 1;
  };

  /**
   * Delivers one event, again while no answer comes or the server answers `retry`; a killed agent
   * stops trying. Events of one `lane` (a run's id) go one at a time in the order given; the host's
   * own messages share one lane.
   */
  function deliver(event: string, payload: unknown, lane = 'agent'): Promise<EventAck | undefined> {
    const before = lanes.get(lane) ?? Promise.resolve();
    const delivered = before.then(async () => {
      await room();
      try {
        return await deliverEvent({
          emit: () => sentOverThisConnection(event, payload),
          isKilled: () => killed,
        });
      } finally {
        release();
      }
    });
    const settled = delivered.catch(() => undefined);
    lanes.set(lane, settled);
    void settled.then(() => {
      if (lanes.get(lane) === settled) lanes.delete(lane);
    });
    return delivered;
  }

  /** Keeps a leaving run in the beat until `taken` says the server has it. */
  async function beatUntilTaken(run: HostedRun, taken: Promise<boolean>) {
    if (run.beat) departing.set(run.id, run.beat);
    if (await taken.catch(() => false)) departing.delete(run.id);
  }

  const isStored = (answer: { ok: boolean } | undefined) => answer?.ok === true;

  async function endForLeave({ run, finished }: { run: HostedRun; finished: Promise<void> }) {
    await run.stop('agent-leaving');
    await finished;
    if (run.handBackKind === undefined) return;
    const handedBack = deliver('run-hand-back', {
      kind: run.handBackKind,
      runId: run.id,
    } satisfies RunHandBack);
    await beatUntilTaken(run, handedBack.then(isStored));
    log(`${run.label}: ended and handed back to the server`);
  }

  /** Hands these stopped sessions back in one message; each beats until the server has taken it. */
  async function handBackTogether(
    sessions: readonly SessionHandBack[],
    taken: Map<string, (ok: boolean) => void>,
  ) {
    if (sessions.length === 0) return;
    const answer = await deliver('sessions-hand-back', {
      sessions: [...sessions],
    } satisfies SessionsHandBack).catch(() => undefined);
    for (const { leaseId } of sessions) taken.get(leaseId)?.(isStored(answer));
    log(
      `${sessions.length} sessions handed back to the server${isStored(answer) ? '' : ' (not acknowledged)'}`,
    );
  }

  /**
   * Stops every run that can move (each one's events acknowledged first) and hands them back
   * together: one message, one round trip on the socket's ordered queue instead of one per run. A
   * session not stopped within `handBackWaitMs` (its events still waiting) does not hold the others
   * back: it goes in a second message once every session has stopped.
   */
  async function moveAll(
    moving: ReadonlyArray<{ run: HostedRun; handBack: () => Promise<SessionHandBack> }>,
  ) {
    if (moving.length === 0) return;
    const stopped: SessionHandBack[] = [];
    const taken = new Map<string, (ok: boolean) => void>();
    const allStopped = Promise.allSettled(
      moving.map(async ({ run, handBack }) => {
        const handedBack = handBack();
        void beatUntilTaken(run, new Promise<boolean>((resolve) => taken.set(run.id, resolve)));
        stopped.push(await handedBack);
      }),
    );
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      allStopped,
      new Promise((resolve) => (waited = setTimeout(resolve, handBackWaitMs))),
    ]);
    clearTimeout(waited);
    await handBackTogether(stopped.splice(0), taken);
    await allStopped;
    await handBackTogether(stopped.splice(0), taken);
    // A session that failed to stop is not handed back: it beats until the socket closes.
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

    /** The heartbeat: every tracked run by its list, and the leaving runs the server has not taken yet. */
    beat(): Heartbeat {
      const beat = { leaseIds: [] as string[], transferIds: [] as string[], runIds: [] as string[] };
      const named = new Map(departing);
      for (const { run } of runs.values()) if (run.beat) named.set(run.id, run.beat);
      for (const [id, list] of named) beat[list].push(id);
      return beat;
    },

    /** Stops every run (each still reports its outcome); resolves once each stop returned. */
    async stopAll() {
      await Promise.allSettled([...runs.values()].map(({ run }) => run.stop('user')));
    },

    /**
     * SIGTERM: no new run is taken; every run is handed back (the snipe sessions together, each
     * moving to another agent) or ended and reported ended, so none is left to the server's
     * lost-agent rule. Each run stays in the heartbeat until the server has taken it. `announce`
     * tells the server first that the agent is leaving.
     */
    async leave(announce: () => Promise<unknown>) {
      leaving = true;
      // Announced before the hand-backs (the socket sends in order): no node picks this agent again.
      await announce();
      const held = [...runs.values()];
      await Promise.allSettled([
        moveAll(held.flatMap(({ run }) => (run.handBack ? [{ run, handBack: run.handBack }] : []))),
        ...held.filter(({ run }) => !run.handBack).map(endForLeave),
      ]);
    },

    /** A crash (tests): nothing more is sent, every run stops where it is. */
    kill() {
      killed = true;
      for (const { run } of runs.values()) void run.stop('user').catch(() => undefined);
      runs.clear();
      departing.clear();
    },
  };
}

export type RunHost = ReturnType<typeof createRunHost>;
