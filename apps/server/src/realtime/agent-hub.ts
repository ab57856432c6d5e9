import { createHash, timingSafeEqual } from 'node:crypto';
import {
  agentAckSchema,
  agentHandshakeSchema,
  agentSocketPath,
  heartbeatSchema,
  sessionEventSchema,
  type AgentAck,
} from '@tradedesk/domain/realtime';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context.js';
import { createAgentPrices } from '../modules/snipe/agent-prices.js';
import type { RunEvents } from '../modules/snipe/run-events.js';
import { snipeRepo } from '../modules/snipe/repo.js';
import type { AgentDispatcher } from '../modules/snipe/service.js';

const agentRoom = (agentId: string) => `agent:${agentId}`;

export interface AgentHubOptions {
  /** Keys agents may connect with (the embedded agent's is generated at start). */
  agentKeys: readonly string[];
  /** A lease whose heartbeat is older than this is lost (measured on the app clock). */
  heartbeatTimeoutMs: number;
  /** After a disconnect, how long the agent has to come back before its accounts turn `error`. */
  reconnectGraceMs: number;
  /** How long to wait for an agent's answer to a command. */
  commandTimeoutMs: number;
}

interface ConnectedAgent {
  socket: Socket;
  capacity: number;
  running: Set<string>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `/client/agent`: agents connect with a key, run sessions, stream events (acknowledged once stored). */
export function createAgentHub(
  app: FastifyInstance,
  ctx: AppContext,
  runEvents: () => RunEvents,
  options: AgentHubOptions,
) {
  const io = new Server(app.server, {
    path: agentSocketPath,
    serveClient: false,
    destroyUpgrade: false,
    maxHttpBufferSize: 4e6,
  });
  const keyDigests = options.agentKeys.map(digest);
  const agents = new Map<string, ConnectedAgent>();
  const lossTimers = new Map<string, NodeJS.Timeout>();
  const log = app.log.child({ category: 'agents' });
  const prices = createAgentPrices(ctx);

  const isKnownKey = (key: string) => keyDigests.some((known) => timingSafeEqual(known, digest(key)));

  io.use((socket, next) => {
    const handshake = agentHandshakeSchema.safeParse(socket.handshake.auth);
    if (!handshake.success || !isKnownKey(handshake.data.key)) return next(new Error('Unauthorized'));
    socket.data.handshake = handshake.data;
    next();
  });

  async function loseAgent(agentId: string, disconnectedAt: Date) {
    lossTimers.delete(agentId);
    if (agents.has(agentId)) return;
    const leases = (await snipeRepo.leasesOfAgent(ctx.db, agentId)).filter(
      (lease) => lease.heartbeatAt.getTime() <= disconnectedAt.getTime(),
    );
    if (leases.length > 0)
      log.warn({ agentId, accounts: leases.length }, 'agent lost; marking its accounts error');
    await runEvents().markLost(leases);
  }

  io.on('connection', async (socket) => {
    const { agentId, capacity, sessions } = agentHandshakeSchema.parse(socket.data.handshake);
    agents.get(agentId)?.socket.disconnect(true);
    const agent: ConnectedAgent = { socket, capacity, running: new Set() };
    agents.set(agentId, agent);
    clearTimeout(lossTimers.get(agentId));
    lossTimers.delete(agentId);

    socket.on(
      'session-event',
      async (payload: unknown, ack?: (answer: AgentAck & { stop?: boolean }) => void) => {
        const parsed = sessionEventSchema.safeParse(payload);
        if (!parsed.success) return ack?.({ ok: false, message: 'Invalid event' });
        try {
          const { leaseId, seq, event } = parsed.data;
          const outcome = await runEvents().apply(leaseId, seq, event, agentId);
          if (event.type === 'stop' || (!outcome.ok && outcome.stop)) agent.running.delete(event.accountId);
          ack?.(outcome);
        } catch (error) {
          log.error({ err: error }, 'could not store a run event');
          ack?.({ ok: false, message: 'Could not store the event' });
        }
      },
    );

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

    socket.on('heartbeat', (payload: unknown) => {
      const parsed = heartbeatSchema.safeParse(payload);
      if (!parsed.success) return;
      snipeRepo
        .touchLeases(ctx.db, agentId, parsed.data.leaseIds, ctx.now())
        .catch((err: unknown) => log.error({ err }, 'could not record a heartbeat'));
    });

    socket.on('disconnect', () => {
      if (agents.get(agentId)?.socket !== socket) return;
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
    const touched = await snipeRepo
      .touchLeases(
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
    const claimed = new Set(touched.map((row) => row.leaseId));
    for (const session of sessions) {
      if (claimed.has(session.leaseId)) agent.running.add(session.accountId);
      else socket.emit('session-stop', session);
    }
    log.info({ agentId, capacity, resumed: claimed.size }, 'agent connected');
  });

  async function command(agentId: string, event: string, payload: unknown): Promise<AgentAck> {
    const agent = agents.get(agentId);
    if (!agent) return { ok: false, message: 'The agent is not connected' };
    const answer: unknown = await agent.socket.timeout(options.commandTimeoutMs).emitWithAck(event, payload);
    const parsed = agentAckSchema.safeParse(answer);
    return parsed.success ? parsed.data : { ok: false, message: 'The agent gave no valid answer' };
  }

  const dispatcher: AgentDispatcher = {
    pick() {
      let best: [string, number] | undefined;
      for (const [id, agent] of agents) {
        const free = agent.capacity - agent.running.size;
        if (free > 0 && (best === undefined || free > best[1])) best = [id, free];
      }
      return best?.[0];
    },
    async start(agentId, startCommand) {
      const agent = agents.get(agentId);
      agent?.running.add(startCommand.accountId);
      const answer = await command(agentId, 'session-start', startCommand).catch(() => ({
        ok: false as const,
        message: 'The agent did not answer',
      }));
      if (!answer.ok) agent?.running.delete(startCommand.accountId);
      return answer;
    },
    switchFilter: (agentId, switchCommand) =>
      command(agentId, 'session-switch-filter', switchCommand).catch(() => ({
        ok: false as const,
        message: 'The agent did not answer',
      })),
    stop(agentId, stopCommand) {
      io.to(agentRoom(agentId)).emit('session-stop', stopCommand);
    },
  };

  /** Leases whose agent stopped sending heartbeats turn `error` (any node may find them). */
  async function sweep() {
    const stale = await snipeRepo.staleLeases(
      ctx.db,
      new Date(ctx.now().getTime() - options.heartbeatTimeoutMs),
    );
    await runEvents().markLost(stale);
  }

  return {
    io,
    dispatcher,
    sweep,
    connectedAgents: () => [...agents.keys()],
    /** Drops every agent's transport (not a server-side disconnect): agents reconnect and resume. */
    dropAgentTransports() {
      for (const agent of agents.values()) agent.socket.conn.close();
    },
    close() {
      for (const timer of lossTimers.values()) clearTimeout(timer);
      lossTimers.clear();
    },
  };
}

export type AgentHub = ReturnType<typeof createAgentHub>;
