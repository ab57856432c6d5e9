// Over 400 lines: the connection lifecycle, the lost-agent rule and the command ports share one closure (the
// connected agents, loss timers, database trust); splitting them by job is issue 27's next step. Run kinds
// are no longer named here (runs/run-kind.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  agentAckSchema,
  agentHandshakeSchema,
  agentSocketPath,
  heartbeatSchema,
  type AgentAck,
  type EventAck,
  type TransferCommandName,
} from '@tradedesk/domain/realtime';
import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import { createAgentPrices } from '../modules/snipe/agent-prices.js';
import type { SbcClubDispatcher } from '../modules/sbc/club-service.js';
import type { SbcDispatcher } from '../modules/sbc/solver-service.js';
import type { RehearsalDispatcher } from '../modules/rehearsal/service.js';
import type { AgentDispatcher } from '../modules/snipe/service.js';
import type { TransferDispatcher } from '../runs/agent-ports.js';
import type { AgentEventHandler, RunKindModule } from '../runs/run-kind.js';
import { runsRepo, type RunRow } from '../runs/runs-repo.js';
import { agentSlots } from '../runs/slots-repo.js';
import { originCheck } from './origin-check.js';

/** The room of one agent's socket: commands sent to it reach the agent on whichever node it is. */
const agentRoom = (agentId: string) => `agent:${agentId}`;

export interface AgentHubOptions {
  /** Keys agents may connect with (the embedded agent's is generated at start). */
  agentKeys: readonly string[];
  /**
   * A lease whose heartbeat is older than this is lost when its agent is connected to no node
   * (measured on the app clock). Agents beat every 2 s by default, so a few missed beats tell a
   * lost agent from a slow one.
   */
  heartbeatTimeoutMs: number;
  /**
   * A lease of an agent still connected to some node is lost only when its heartbeat is older than
   * this: a loaded node's event loop delays beats by seconds, and a connected agent is running.
   */
  connectedHeartbeatTimeoutMs: number;
  /** After a disconnect, how long the agent has to come back before its accounts turn `error`. */
  reconnectGraceMs: number;
  /** How long to wait for an agent's answer to a command. */
  commandTimeoutMs: number;
}

/** What an agent socket carries; other nodes read it through `fetchSockets` (so never the key). */
interface AgentSocketData {
  agentId: string;
  capacity: number;
  /** The agent said it is shutting down: no node picks it for a run (other nodes read it too). */
  leaving?: boolean;
}
type AgentSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `/client/agent`: agents connect with a key, run sessions, stream events (acknowledged once stored). */
export function createAgentHub(
  app: FastifyInstance,
  ctx: AppContext,
  /** The run kinds (their events and what a lost run settles); read when first needed. */
  runKinds: () => readonly RunKindModule[],
  options: AgentHubOptions,
) {
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, AgentSocketData>(app.server, {
    path: agentSocketPath,
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: 4e6,
    // Agents are not browsers and send no Origin; a browser must not open this hub from another site.
    allowRequest: originCheck([]),
  });
  const keyDigests = options.agentKeys.map(digest);
  /** The agents connected to this node (the cluster's are in `io.fetchSockets()`). */
  const agents = new Map<string, AgentSocket>();
  const lossTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;
  const log = app.log.child({ category: 'agents' });
  const prices = createAgentPrices(ctx);

  /**
   * Since when (app clock) this node has reached the database without a failure. Heartbeats are
   * judged only after one full timeout of that: after an outage of the database (or a start of
   * the node) the agents' beats could not be stored, and their runs must not be taken for lost.
   */
  let databaseTrustedSince: number | undefined = ctx.now().getTime();
  const distrustDatabase = () => {
    databaseTrustedSince = undefined;
  };

  const isKnownKey = (key: string) => keyDigests.some((known) => timingSafeEqual(known, digest(key)));

  io.use((socket, next) => {
    const handshake = agentHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !isKnownKey(handshake.data.key)) return next(new Error('Unauthorized'));
    // The adapter ships the handshake to other nodes with `fetchSockets`: the key stays here.
    delete socket.handshake.auth.key;
    socket.data = { agentId: handshake.data.agentId, capacity: handshake.data.capacity };
    next();
  });

  /** Agents' events being written now: a closing node waits for them before its database closes. */
  const beingStored = new Set<Promise<EventAck>>();

  /** A snipe result without an error code: a card bought (stored even when its lease ended). */
  const isPurchase = (envelope: unknown) => {
    const event = (envelope as { event?: { type?: unknown; report?: { errorCode?: unknown } } }).event;
    return event?.type === 'snipe-result' && event.report?.errorCode === undefined;
  };

  /** Whether the agent is connected to any node (it may have come back on another one). */
  const isConnected = async (agentId: string) =>
    agents.has(agentId) || (await io.in(agentRoom(agentId)).fetchSockets()).length > 0;

  /** Ends every run of every kind the agent held up to `before`; answers their ids. */
  async function endAgentRuns(agentId: string, before: Date, reason: string) {
    const held = await runsRepo.runningOfAgent(ctx.db, agentId, before);
    if (held.length > 0) log.warn({ agentId, runs: held.length }, reason);
    await loseRuns(held);
    return held.map((run) => run.id);
  }

  /**
   * Runs the lost-agent rule took, of any kind: each kind settles its own (a snipe's account turns
   * `error`, a transfer fails charging nothing, an SBC run and a rehearsal fail with the lost message).
   */
  async function loseRuns(lost: RunRow[]) {
    if (lost.length === 0) return;
    for (const kind of runKinds()) {
      const own = lost.filter((run) => kind.kinds.includes(run.kind));
      if (own.length > 0) await kind.settleLost(own);
    }
  }

  /**
   * A page polling a run asks: is its agent lost? It is when connected to no node and silent past
   * the reconnect grace (what the disconnect timer waits for; a node that died with the agent's
   * socket never fires it). Then every run it held up to `lastHeardAt` ends, as in `loseAgent`;
   * answers the ids of the runs that ended.
   */
  async function endIfLost(agentId: string, lastHeardAt: Date) {
    if (ctx.now().getTime() - lastHeardAt.getTime() < options.reconnectGraceMs) return [] as string[];
    if (await isConnected(agentId)) return [] as string[];
    return endAgentRuns(agentId, lastHeardAt, 'agent lost (seen by a page); marking its runs error');
  }

  async function loseAgent(agentId: string, disconnectedAt: Date) {
    lossTimers.delete(agentId);
    if (await isConnected(agentId)) return;
    await endAgentRuns(agentId, disconnectedAt, 'agent lost; marking its accounts error');
  }

  io.on('connection', async (socket) => {
    const connectedAt = ctx.now();
    const { agentId, capacity } = socket.data;
    const sessions = agentHandshakeSchema.shape.sessions.parse(socket.handshake.auth.sessions);
    // One socket per agent in the cluster: a reconnect replaces the old one, on whichever node it
    // lingers, so commands to the agent's room never wait on a dead socket. (The adapter runs this
    // on every node later, this one included: hence `except` the new socket.)
    io.in(agentRoom(agentId)).except(socket.id).disconnectSockets(true);
    agents.set(agentId, socket);
    clearTimeout(lossTimers.get(agentId));
    lossTimers.delete(agentId);

    /**
     * One way for every run kind's events: an event the server could not store now (its database
     * is away) is answered `retry`, and the agent sends it again until it is stored.
     */
    const onRunEvent = ({ name, schema, apply }: AgentEventHandler) =>
      socket.on(name, async (payload: unknown, ack?: (answer: EventAck) => void) => {
        const parsed = schema.safeParse(payload);
        if (!parsed.success) {
          app.metrics.agentEvent(name, 'refused');
          return ack?.({ ok: false, message: 'Invalid event' });
        }
        try {
          const storing = apply(parsed.data, agentId);
          beingStored.add(storing);
          void storing.then(
            () => beingStored.delete(storing),
            () => beingStored.delete(storing),
          );
          const answer = await storing;
          app.metrics.agentEvent(name, 'stored');
          if (isPurchase(parsed.data)) app.metrics.purchaseStored();
          ack?.(answer);
        } catch (error) {
          log.error({ err: error, event: name }, 'could not store an agent event');
          app.metrics.agentEvent(name, 'retry');
          ack?.({ ok: false, message: 'Could not store the event', retry: true });
        }
      });
    for (const kind of runKinds()) for (const handler of kind.events) onRunEvent(handler);

    socket.on('price-request', (payload: unknown, ack?: (answer: unknown) => void) => {
      if (typeof ack !== 'function') return;
      prices.answer(payload).then(ack, (error: unknown) => {
        log.error({ err: error }, 'could not answer a price request');
        ack({ ok: false, message: 'Could not read the price database' });
      });
    });

    socket.on('price-observations', (payload: unknown, ack?: (answer: unknown) => void) => {
      prices.record(payload).then(
        (outcome) => ack?.(outcome),
        (error: unknown) => {
          log.error({ err: error }, 'could not store observed prices');
          ack?.({ ok: false, stored: 0 });
        },
      );
    });

    socket.on('agent-leaving', (ack?: (answer: AgentAck) => void) => {
      socket.data.leaving = true;
      log.info({ agentId }, 'agent leaving; its runs are handed to other agents');
      if (typeof ack === 'function') ack({ ok: true });
    });

    // One beat for every run kind the agent holds: each run's heartbeat is what finds it lost.
    socket.on('heartbeat', (payload: unknown) => {
      const parsed = heartbeatSchema.safeParse(payload);
      if (!parsed.success) return;
      const now = ctx.now();
      const { leaseIds, transferIds = [], runIds = [] } = parsed.data;
      runsRepo.touch(ctx.db, agentId, [...leaseIds, ...transferIds, ...runIds], now).catch((err: unknown) => {
        distrustDatabase();
        log.error({ err }, 'could not record a heartbeat');
      });
    });

    socket.on('disconnect', () => {
      if (closing || agents.get(agentId) !== socket) return;
      agents.delete(agentId);
      const disconnectedAt = ctx.now();
      log.warn({ agentId }, 'agent disconnected');
      lossTimers.set(
        agentId,
        setTimeout(
          () =>
            void loseAgent(agentId, disconnectedAt).catch((err: unknown) =>
              log.error({ err }, 'loss check failed'),
            ),
          options.reconnectGraceMs,
        ),
      );
    });

    // Handlers above are in place before the first await, so no event of the agent is missed.
    await socket.join(agentRoom(agentId));

    // Resume: the agent still runs these sessions; leases that ended meanwhile are stopped.
    const touched = await runsRepo
      .touch(
        ctx.db,
        agentId,
        sessions.map((session) => session.leaseId),
        ctx.now(),
      )
      .catch((err: unknown) => {
        log.error({ err }, 'could not resume the agent; it will reconnect');
        socket.conn.close();
        return undefined;
      });
    if (touched === undefined) return;
    const claimed = new Set(touched.map((row) => row.id));
    for (const session of sessions) if (!claimed.has(session.leaseId)) socket.emit('session-stop', session);
    // Orphans: leases this agent held before it connected but no longer runs (it restarted, e.g.
    // the embedded agent after a killed server). They end now, not after the heartbeat timeout.
    const announced = new Set(sessions.map((session) => session.leaseId));
    // Only snipe sessions are announced at a connect, so only they can be found orphaned here.
    const orphaned = (await runsRepo.runningOfAgent(ctx.db, agentId)).filter(
      (run) =>
        run.kind === 'snipe' && !announced.has(run.id) && run.heartbeatAt.getTime() < connectedAt.getTime(),
    );
    if (orphaned.length > 0) {
      log.warn(
        { agentId, accounts: orphaned.length },
        'agent came back without its runs; marking them error',
      );
      await loseRuns(orphaned).catch((err: unknown) => log.error({ err }, 'could not end orphaned runs'));
    }
    log.info({ agentId, capacity, resumed: claimed.size }, 'agent connected');
  });

  /**
   * Sends a command to the agent's room and waits for its answer: the adapter gathers it from
   * whichever node the agent is connected to (broadcast acknowledgements, Redis adapter ≥ 8).
   */
  async function command(agentId: string, event: string, payload: unknown): Promise<AgentAck> {
    let answers: unknown[];
    try {
      answers = await io.to(agentRoom(agentId)).timeout(options.commandTimeoutMs).emitWithAck(event, payload);
    } catch {
      return { ok: false, message: 'The agent did not answer' };
    }
    if (answers.length === 0) return { ok: false, message: 'The agent is not connected' };
    const parsed = agentAckSchema.safeParse(answers[0]);
    return parsed.success ? parsed.data : { ok: false, message: 'The agent gave no valid answer' };
  }

  const dispatcher: AgentDispatcher = {
    async pick(except?: string) {
      const capacities = new Map<string, number>();
      for (const socket of await io.fetchSockets())
        if (
          socket.rooms.has(agentRoom(socket.data.agentId)) &&
          socket.data.leaving !== true &&
          socket.data.agentId !== except
        )
          capacities.set(socket.data.agentId, socket.data.capacity);
      // Runs of every kind are counted from the database, not kept per socket: a run is written
      // before its start command, by whichever node took the start, and survives restarts of the
      // servers and reconnects of the agent, so every node sees the same load, and it is the load
      // the agent counts itself (a transfer takes a slot from a snipe and the other way round).
      // Starts that arrive together see the same counts, so the agent is drawn at random, weighted
      // by its free slots: a burst spreads over the agents instead of piling onto one. If two
      // starts still take one agent's last slot, the agent refuses the second as full.
      const running = await agentSlots.used(ctx.db, [...capacities.keys()]);
      const free = [...capacities].map(([agentId, capacity]) => ({
        agentId,
        slots: Math.max(0, capacity - (running.get(agentId) ?? 0)),
      }));
      let draw = Math.random() * free.reduce((sum, agent) => sum + agent.slots, 0);
      for (const agent of free) {
        if (agent.slots === 0) continue;
        draw -= agent.slots;
        if (draw < 0) return agent.agentId;
      }
      return free.findLast((agent) => agent.slots > 0)?.agentId;
    },
    start: (agentId, startCommand) => command(agentId, 'session-start', startCommand),
    switchFilter: (agentId, switchCommand) => command(agentId, 'session-switch-filter', switchCommand),
    stop(agentId, stopCommand) {
      io.to(agentRoom(agentId)).emit('session-stop', stopCommand);
    },
  };

  const transferDispatcher: TransferDispatcher = {
    pick: dispatcher.pick,
    command: (agentId: string, name: TransferCommandName, payload: unknown) =>
      command(agentId, name, payload),
  };

  const sbcDispatcher: SbcDispatcher & SbcClubDispatcher = {
    pick: dispatcher.pick,
    start: (agentId, startCommand) => command(agentId, 'sbc-start', startCommand),
    readClub: (agentId, readCommand) => command(agentId, 'sbc-club-read', readCommand),
    stop(agentId, stopCommand) {
      io.to(agentRoom(agentId)).emit('sbc-stop', stopCommand);
    },
  };

  const rehearsalDispatcher: RehearsalDispatcher = {
    pick: dispatcher.pick,
    start: (agentId, startCommand) => command(agentId, 'rehearsal-start', startCommand),
  };

  let sweeping: Promise<void> | undefined;
  /**
   * Leases whose agent stopped sending heartbeats turn `error` (any node may find them; ending a
   * lease is atomic, so two nodes sweeping at once end it once). One sweep at a time per node.
   */
  function sweep(): Promise<void> {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  }

  /**
   * The agents connected to any node, or undefined when a node did not answer in time (then only
   * the connected agents' long limit applies: a slow node must not make its agents look lost).
   */
  async function agentsConnectedAnywhere(): Promise<Set<string> | undefined> {
    try {
      const sockets = await io.fetchSockets();
      return new Set(
        sockets
          .filter((socket) => socket.rooms.has(agentRoom(socket.data.agentId)))
          .map((socket) => socket.data.agentId),
      );
    } catch (error) {
      log.warn({ err: error }, 'could not list the connected agents; judging by the long heartbeat limit');
      return undefined;
    }
  }

  /**
   * The lost-agent rule, one for every run kind: of the runs whose last beat is older than the
   * heartbeat limit, those whose agent is connected to no node, or is silent past the long limit.
   */
  function lostOf<Run extends { agentId: string | null; heartbeatAt: Date }>(
    stale: Run[],
    connected: Set<string> | undefined,
    now: number,
  ): Run[] {
    const silentTooLong = now - options.connectedHeartbeatTimeoutMs;
    return stale.filter(
      (run) =>
        run.heartbeatAt.getTime() < silentTooLong ||
        run.agentId === null ||
        connected?.has(run.agentId) === false,
    );
  }

  async function sweepOnce() {
    const now = ctx.now().getTime();
    const beatBefore = new Date(now - options.heartbeatTimeoutMs);
    let stale: RunRow[];
    try {
      stale = await runsRepo.stale(ctx.db, beatBefore);
    } catch (error) {
      distrustDatabase();
      throw error;
    }
    databaseTrustedSince ??= now;
    if (now - databaseTrustedSince < options.heartbeatTimeoutMs) return;
    const connected = stale.length > 0 ? await agentsConnectedAnywhere() : new Set<string>();
    const lost = lostOf(stale, connected, now);
    if (lost.length > 0) log.warn({ runs: lost.length }, 'agents stopped beating; ending their runs');
    await loseRuns(lost);
  }

  /**
   * At a server's start: the runs its own embedded agent held died with the previous process
   * (a kill -9, a crash). They end now, with the agent-lost description, before anything else.
   */
  const endRunsOf = (agentId: string) =>
    endAgentRuns(agentId, ctx.now(), 'runs orphaned by the previous start; marking them error');

  return {
    io,
    dispatcher,
    transferDispatcher,
    sbcDispatcher,
    rehearsalDispatcher,
    sweep,
    endRunsOf,
    endIfLost,
    /** The agents connected to this node. */
    connectedAgents: () => [...agents.keys()],
    /** Capacity and runs held of each agent connected to this node (the metrics). */
    async loads() {
      const connected = [...agents].map(([agentId, socket]) => ({ agentId, capacity: socket.data.capacity }));
      const running = await agentSlots.used(
        ctx.db,
        connected.map((agent) => agent.agentId),
      );
      return connected.map((agent) => ({ ...agent, running: running.get(agent.agentId) ?? 0 }));
    },
    /** Drops every agent's transport (not a server-side disconnect): agents reconnect and resume. */
    dropAgentTransports() {
      for (const socket of agents.values()) socket.conn.close();
    },
    /** Resolves once every event being stored now is written (or failed: the agent sends it again). */
    settled: () => Promise.allSettled([...beingStored]),
    /** The node shuts down: its agents move to other nodes or wait for it; nobody is lost here. */
    close() {
      closing = true;
      for (const timer of lossTimers.values()) clearTimeout(timer);
      lossTimers.clear();
    },
  };
}

export type AgentHub = ReturnType<typeof createAgentHub>;
