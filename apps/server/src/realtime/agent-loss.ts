import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import type { RunKindModule } from '../runs/run-kind.js';
import { runsRepo, type RunRow } from '../runs/runs-repo.js';
import { agentRoom, type AgentServer } from './agent-socket.js';

export interface AgentLossOptions {
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
}

/**
 * The lost-agent rule, one for every run kind: a run ends when its agent is gone (disconnected
 * past the grace, silent past the heartbeat limits, or restarted without it), and its kind
 * settles it.
 */
export function createAgentLoss(
  ctx: AppContext,
  io: AgentServer,
  log: FastifyBaseLogger,
  /** The run kinds (what a lost run settles); read when first needed. */
  runKinds: () => readonly RunKindModule[],
  /** Whether the agent is connected to this node. */
  isConnectedHere: (agentId: string) => boolean,
  options: AgentLossOptions,
) {
  const lossTimers = new Map<string, NodeJS.Timeout>();
  let closing = false;

  /**
   * Since when (app clock) this node has reached the database without a failure. Heartbeats are
   * judged only after one full timeout of that: after an outage of the database (or a start of
   * the node) the agents' beats could not be stored, and their runs must not be taken for lost.
   */
  let databaseTrustedSince: number | undefined = ctx.now().getTime();
  const distrustDatabase = () => {
    databaseTrustedSince = undefined;
  };

  /** Whether the agent is connected to any node (it may have come back on another one). */
  const isConnected = async (agentId: string) =>
    isConnectedHere(agentId) || (await io.in(agentRoom(agentId)).fetchSockets()).length > 0;

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

  /** Ends every run of every kind the agent held up to `before`; answers their ids. */
  async function endAgentRuns(agentId: string, before: Date, reason: string) {
    const held = await runsRepo.runningOfAgent(ctx.db, agentId, before);
    if (held.length > 0) log.warn({ agentId, runs: held.length }, reason);
    await loseRuns(held);
    return held.map((run) => run.id);
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
   * Of the runs whose last beat is older than the heartbeat limit: those whose agent is connected
   * to no node, or is silent past the long limit.
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

  let sweeping: Promise<void> | undefined;

  return {
    loseRuns,
    endIfLost,
    /** A beat could not be stored: beats are not judged until the database answers again. */
    distrustDatabase,
    /** The agent (re)connected to this node: no loss is pending for it here. */
    connected(agentId: string) {
      clearTimeout(lossTimers.get(agentId));
      lossTimers.delete(agentId);
    },
    /** The agent's socket on this node closed: its runs end unless it is back within the grace. */
    disconnected(agentId: string, disconnectedAt: Date) {
      if (closing) return;
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
    },
    /**
     * Leases whose agent stopped sending heartbeats turn `error` (any node may find them; ending a
     * lease is atomic, so two nodes sweeping at once end it once). One sweep at a time per node.
     */
    sweep(): Promise<void> {
      sweeping ??= sweepOnce().finally(() => {
        sweeping = undefined;
      });
      return sweeping;
    },
    /**
     * At a server's start: the runs its own embedded agent held died with the previous process
     * (a kill -9, a crash). They end now, with the agent-lost description, before anything else.
     */
    endRunsOf: (agentId: string) =>
      endAgentRuns(agentId, ctx.now(), 'runs orphaned by the previous start; marking them error'),
    /** The node shuts down: its agents move to other nodes or wait for it; nobody is lost here. */
    close() {
      closing = true;
      for (const timer of lossTimers.values()) clearTimeout(timer);
      lossTimers.clear();
    },
  };
}
