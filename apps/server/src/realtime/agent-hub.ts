import { createHash, timingSafeEqual } from 'node:crypto';
import {
  agentHandshakeSchema,
  agentSocketPath,
  heartbeatSchema,
  type AgentAck,
} from '@tradedesk/domain/realtime';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AppContext } from '../lib/app-context.js';
import { createAgentPrices } from '../modules/snipe/agent-prices.js';
import { runHandBack } from '../runs/run-hand-back.js';
import type { RunKindModule } from '../runs/run-kind.js';
import { runsRepo } from '../runs/runs-repo.js';
import { agentSlots } from '../runs/slots-repo.js';
import { createAgentCommands } from './agent-commands.js';
import { createAgentLoss, type AgentLossOptions } from './agent-loss.js';
import { createAgentRunEvents } from './agent-run-events.js';
import { agentRoom, type AgentServer, type AgentSocket } from './agent-socket.js';
import { originCheck } from './origin-check.js';

export interface AgentHubOptions extends AgentLossOptions {
  /** Keys agents may connect with (the embedded agent's is generated at start). */
  agentKeys: readonly string[];
  /** How long to wait for an agent's answer to a command. */
  commandTimeoutMs: number;
}

/** How often a closing node asks whether the agents it dropped are on another node yet. */
const agentMovePollMs = 200;
/**
 * How long a closing node waits for its agents to be on another node before it drops its browsers
 * anyway: an agent reaches a surviving node at its first or second attempt (the balancer took the
 * closing node out during its drain; a refused attempt is retried within 3 s), so this is reached
 * only by an agent that is not coming back (the reconnect grace of `agentLossDefaults`).
 */
const agentMoveLimitMs = 8_000;

/** Between a run's claim and its start command: the reads a start makes first (see snipe's launch). */
const START_CLAIM_MARGIN_MS = 5_000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `/client/agent`: agents connect with a key, run sessions, stream events (acknowledged once stored).
 * This file holds the connection lifecycle; the commands, the events and the lost-agent rule have
 * files of their own.
 */
export function createAgentHub(
  app: FastifyInstance,
  ctx: AppContext,
  /** The run kinds (their events and what a lost run settles); read when first needed. */
  runKinds: () => readonly RunKindModule[],
  options: AgentHubOptions,
) {
  const sameSiteOnly = originCheck([]);
  /** Set once the node starts closing: from then on it takes no agent. */
  let closing = false;
  const io: AgentServer = new Server(app.server, {
    path: agentSocketPath,
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: 4e6,
    // Agents are not browsers and send no Origin; a browser must not open this hub from another site.
    // A closing node takes no agent: refused at the HTTP upgrade, the agent tries again through the
    // balancer (a refusal in the middleware would end its reconnecting for good).
    allowRequest: (request, callback) =>
      closing ? callback('The node is shutting down', false) : sameSiteOnly(request, callback),
  });
  const keyDigests = options.agentKeys.map(digest);
  /** The agents connected to this node (the cluster's are in `io.fetchSockets()`). */
  const agents = new Map<string, AgentSocket>();
  const log = app.log.child({ category: 'agents' });
  const prices = createAgentPrices(ctx);
  /** A leaving agent's runs that cannot move, ended at once (every kind's one rule). */
  const handBack = runHandBack(ctx, runKinds);
  const loss = createAgentLoss(ctx, io, log, runKinds, (agentId) => agents.has(agentId), options);
  const runEvents = createAgentRunEvents(app, log);

  const isKnownKey = (key: string) => keyDigests.some((known) => timingSafeEqual(known, digest(key)));

  io.use((socket, next) => {
    const handshake = agentHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !isKnownKey(handshake.data.key)) return next(new Error('Unauthorized'));
    // The adapter ships the handshake to other nodes with `fetchSockets`: the key stays here.
    delete socket.handshake.auth.key;
    socket.data = { agentId: handshake.data.agentId, capacity: handshake.data.capacity };
    next();
  });

  io.on('connection', async (socket) => {
    const connectedAt = ctx.now();
    const { agentId, capacity } = socket.data;
    const sessions = agentHandshakeSchema.shape.sessions.parse(socket.handshake.auth.sessions);
    // Each (re)connect, its first stored beat and its end are logged at info (the cluster bench
    // keeps them): where an agent was, and when, is what tells a slow reconnect from a lost agent.
    log.info({ agentId, socketId: socket.id, sessions: sessions.length }, 'agent connecting');
    // One socket per agent in the cluster: a reconnect replaces the old one, on whichever node it
    // lingers, so commands to the agent's room never wait on a dead socket. (The adapter runs this
    // on every node later, this one included: hence `except` the new socket.)
    io.in(agentRoom(agentId)).except(socket.id).disconnectSockets(true);
    agents.set(agentId, socket);
    loss.connected(agentId);

    for (const kind of runKinds())
      for (const handler of kind.events) runEvents.listen(socket, agentId, handler);
    runEvents.listen(socket, agentId, handBack);

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
    // One beat of an agent is stored at a time and only its newest waits: when the database is
    // slow, beats every 2 s of a few hundred rows each would otherwise pile up behind each other's
    // row locks, each holding a pool connection (see docs/decisions/operations.md).
    let beating = false;
    let nextBeat: { ids: string[]; at: Date } | undefined;
    let firstBeatStored = false;
    const storeBeat = ({ ids, at }: { ids: string[]; at: Date }) => {
      beating = true;
      runsRepo
        .touch(ctx.db, agentId, ids, at)
        .then((touched) => {
          if (firstBeatStored) return;
          firstBeatStored = true;
          log.info(
            {
              agentId,
              socketId: socket.id,
              runs: ids.length,
              touched: touched.length,
              beatAt: at.toISOString(),
              afterConnectMs: at.getTime() - connectedAt.getTime(),
            },
            'first heartbeat of the agent stored since it connected',
          );
        })
        .catch((err: unknown) => {
          loss.distrustDatabase();
          log.error({ err }, 'could not record a heartbeat');
        })
        .finally(() => {
          beating = false;
          const waiting = nextBeat;
          nextBeat = undefined;
          if (waiting) storeBeat(waiting);
        });
    };
    socket.on('heartbeat', (payload: unknown) => {
      const parsed = heartbeatSchema.safeParse(payload);
      if (!parsed.success) return;
      const { leaseIds, transferIds = [], runIds = [] } = parsed.data;
      const beat = { ids: [...leaseIds, ...transferIds, ...runIds], at: ctx.now() };
      if (beating) nextBeat = beat;
      else storeBeat(beat);
    });

    socket.on('disconnect', (reason) => {
      if (closing) return;
      if (agents.get(agentId) !== socket) {
        log.info({ agentId, socketId: socket.id, reason }, "an agent's replaced socket closed");
        return;
      }
      agents.delete(agentId);
      log.warn({ agentId, socketId: socket.id, reason }, 'agent disconnected');
      loss.disconnected(agentId, ctx.now());
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
    // A run claimed within a command's time-out before the connect may still have its start on
    // the way (sent while the agent was between sockets): the handshake cannot name it yet. Its
    // start settles it (taken, or refused and the claim released); the heartbeat limit after that.
    const startsInFlightSince = connectedAt.getTime() - options.commandTimeoutMs - START_CLAIM_MARGIN_MS;
    // Only snipe sessions are announced at a connect, so only they can be found orphaned here.
    const orphaned = (await runsRepo.runningOfAgent(ctx.db, agentId)).filter(
      (run) =>
        run.kind === 'snipe' &&
        !announced.has(run.id) &&
        run.heartbeatAt.getTime() < connectedAt.getTime() &&
        run.startedAt.getTime() < startsInFlightSince,
    );
    if (orphaned.length > 0) {
      log.warn(
        { agentId, accounts: orphaned.length },
        'agent came back without its runs; settling them as lost',
      );
      await loss
        .loseRuns(orphaned)
        .catch((err: unknown) => log.error({ err }, 'could not end orphaned runs'));
    }
    log.info(
      {
        agentId,
        socketId: socket.id,
        capacity,
        resumed: claimed.size,
        tookMs: ctx.now().getTime() - connectedAt.getTime(),
      },
      'agent connected',
    );
  });

  return {
    io,
    ...createAgentCommands(ctx, io, options.commandTimeoutMs),
    sweep: loss.sweep,
    endRunsOf: loss.endRunsOf,
    endIfLost: loss.endIfLost,
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
    settled: runEvents.settled,
    /**
     * The node shuts down: it takes no agent from now on and drops its agents' transports, then
     * waits (at most `agentMoveLimitMs`) until each of them is connected to another node. The
     * node's browsers are dropped after that: a surviving node answers the connections that reach
     * it one after another, and an agent queued behind hundreds of browsers (seconds at 400
     * sessions on a loaded machine) was still on no node when its beats passed the heartbeat limit.
     * Nobody is judged lost here.
     */
    async moveAgentsAway() {
      closing = true;
      loss.close();
      const leaving = new Set(agents.keys());
      // A dropped socket may stay in its room until its transport has closed: only another counts.
      const dropped = new Set([...agents.values()].map((socket) => socket.id));
      for (const [agentId, socket] of agents) {
        // An agent that was itself disconnecting (it left, or was stopped) is not coming back.
        socket.once('disconnect', (reason) => {
          if (reason === 'client namespace disconnect') leaving.delete(agentId);
        });
        socket.conn.close();
      }
      // A lone node (no Redis, or no other node listening) has nowhere to send them.
      const nodes = await io
        .of('/')
        .adapter.serverCount()
        .catch(() => 1);
      if (nodes <= 1) return;
      const deadline = performance.now() + agentMoveLimitMs;
      while (leaving.size > 0 && performance.now() < deadline) {
        // One request to the cluster per look: each agent back on a node leaves the wait.
        const sockets = await io.fetchSockets().catch(() => []);
        for (const socket of sockets)
          if (!dropped.has(socket.id) && socket.rooms.has(agentRoom(socket.data.agentId)))
            leaving.delete(socket.data.agentId);
        if (leaving.size > 0) await new Promise((resolve) => setTimeout(resolve, agentMovePollMs));
      }
      if (leaving.size > 0)
        log.warn({ agents: [...leaving] }, 'closing before every agent was on another node');
    },
  };
}

export type AgentHub = ReturnType<typeof createAgentHub>;
