import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../lib/app-context.js';
import type { RunKind } from '../db/schema.js';
import type { RunKindModule } from '../runs/run-kind.js';
import { runKinds as kindRules } from '../runs/run-kinds.js';
import type { StallReading } from '../lib/stall-ledger.js';
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
  /** After a disconnect, how long the agent has to come back before its runs are lost. */
  reconnectGraceMs: number;
  /**
   * This node's own stalls (its event loop blocked or starved). Every limit above counts only the
   * time the node could run: while it could not, it could neither store an agent's beats nor take
   * its reconnect, and that silence is the judge's, not the agent's.
   */
  stalls: StallReading;
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
   * How long this node could run since `since` (app clock): the time passed less its own stalls.
   * Every age the rule judges is measured this way.
   */
  const runnableMsSince = (since: number, now = ctx.now().getTime()) =>
    Math.max(0, now - since - options.stalls.stalledMsSince(since));

  /**
   * Since when (app clock) this node has reached the database without a failure. Agents are
   * judged only after one full heartbeat limit of that, in time the node could run: after an
   * outage of the database, a start of the node, or a start spent starved (agents and browsers
   * moving onto it), the agents' beats could not be stored or seen, and their runs must not be
   * taken for lost.
   */
  let databaseTrustedSince: number | undefined = ctx.now().getTime();
  const distrustDatabase = () => {
    databaseTrustedSince = undefined;
  };
  const mayJudge = (now: number) =>
    databaseTrustedSince !== undefined &&
    runnableMsSince(databaseTrustedSince, now) >= options.heartbeatTimeoutMs;

  /** Whether the agent is connected to any node (it may have come back on another one). */
  const isConnected = async (agentId: string) =>
    isConnectedHere(agentId) || (await io.in(agentRoom(agentId)).fetchSockets()).length > 0;

  /**
   * Runs the lost-agent rule took, of any kind: each kind settles its own (a snipe waits for another
   * agent, a transfer fails charging nothing, an SBC run and a rehearsal fail with the lost message).
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
    const now = ctx.now().getTime();
    if (!mayJudge(now) || runnableMsSince(lastHeardAt.getTime(), now) < options.reconnectGraceMs)
      return [] as string[];
    if (await isConnected(agentId)) return [] as string[];
    log.warn(
      {
        agentId,
        lastHeardAt: lastHeardAt.toISOString(),
        runnableMs: runnableMsSince(lastHeardAt.getTime(), now),
      },
      'a page found the agent on no node and silent past the reconnect grace',
    );
    return endAgentRuns(agentId, lastHeardAt, 'agent lost (seen by a page); its runs are lost');
  }

  async function loseAgent(agentId: string, disconnectedAt: Date) {
    lossTimers.delete(agentId);
    // A timer that fires after a stall fires before the node reads its sockets (timers run first
    // in Node's loop): the agent's reconnect may be waiting in them. The stall does not count.
    const left = options.reconnectGraceMs - runnableMsSince(disconnectedAt.getTime());
    if (closing) return;
    if (left > 0) {
      armLossTimer(agentId, disconnectedAt, left);
      return;
    }
    if (await isConnected(agentId)) return;
    log.warn(
      {
        agentId,
        disconnectedAt: disconnectedAt.toISOString(),
        runnableMs: runnableMsSince(disconnectedAt.getTime()),
        reconnectGraceMs: options.reconnectGraceMs,
      },
      'agent not back within the reconnect grace, on any node',
    );
    await endAgentRuns(agentId, disconnectedAt, 'agent lost; its runs are lost');
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
   * to no node, or is silent past the long limit. A run waiting for an agent has none to lose.
   */
  function lostOf<Run extends { agentId: string | null; heartbeatAt: Date; kind: RunKind }>(
    stale: Run[],
    connected: Set<string> | undefined,
    now: number,
  ): Run[] {
    return stale.filter((run) => {
      if (run.agentId === null && kindRules[run.kind].waitsForAgent) return false;
      const silentMs = runnableMsSince(run.heartbeatAt.getTime(), now);
      if (silentMs < options.heartbeatTimeoutMs) return false;
      return (
        silentMs >= options.connectedHeartbeatTimeoutMs ||
        run.agentId === null ||
        connected?.has(run.agentId) === false
      );
    });
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
    const judging = mayJudge(now);
    if (judging !== judged)
      log.info(
        { since: new Date(databaseTrustedSince).toISOString() },
        judging ? 'judging lost agents from now on' : 'not judging lost agents until the database is trusted',
      );
    judged = judging;
    if (!judging) return;
    const connected = stale.length > 0 ? await agentsConnectedAnywhere() : new Set<string>();
    const lost = lostOf(stale, connected, now);
    for (const verdict of verdictsOf(lost, connected, now))
      log.warn(verdict, 'agents stopped beating; ending their runs');
    await loseRuns(lost);
  }

  /**
   * What the sweep judged, per agent whose runs it ends: how many, the newest beat among them and
   * its age (time this node could run, the wall time and this node's stalls within it), whether
   * the agent was connected to any node, and since when this node judges at all. No secrets.
   */
  function verdictsOf(lost: RunRow[], connected: Set<string> | undefined, now: number) {
    const byAgent = new Map<string | null, RunRow[]>();
    for (const run of lost) {
      const runs = byAgent.get(run.agentId);
      if (runs) runs.push(run);
      else byAgent.set(run.agentId, [run]);
    }
    return [...byAgent].map(([agentId, runs]) => {
      const newestBeat = runs.reduce((newest, run) => Math.max(newest, run.heartbeatAt.getTime()), 0);
      return {
        agentId,
        runs: runs.length,
        newestBeatAt: new Date(newestBeat).toISOString(),
        newestBeatAgeMs: runnableMsSince(newestBeat, now),
        newestBeatWallAgeMs: now - newestBeat,
        connectedAnywhere: agentId === null || connected === undefined ? 'unknown' : connected.has(agentId),
        heartbeatTimeoutMs: options.heartbeatTimeoutMs,
        judgingForMs: databaseTrustedSince === undefined ? 0 : runnableMsSince(databaseTrustedSince, now),
      };
    });
  }

  let sweeping: Promise<void> | undefined;
  /** Whether the last sweep judged (its change is logged). */
  let judged = false;

  function armLossTimer(agentId: string, disconnectedAt: Date, afterMs: number) {
    lossTimers.set(
      agentId,
      setTimeout(
        () =>
          void loseAgent(agentId, disconnectedAt).catch((err: unknown) =>
            log.error({ err }, 'loss check failed'),
          ),
        afterMs,
      ),
    );
  }

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
    /** The agent's socket on this node closed: its runs are lost unless it is back within the grace. */
    disconnected(agentId: string, disconnectedAt: Date) {
      if (closing) return;
      armLossTimer(agentId, disconnectedAt, options.reconnectGraceMs);
    },
    /**
     * Leases whose agent stopped sending heartbeats are lost (any node may find them; ending a
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
     * (a kill -9, a crash). They are lost now, before anything else (a snipe then waits for an agent).
     */
    endRunsOf: (agentId: string) =>
      endAgentRuns(agentId, ctx.now(), 'runs orphaned by the previous start; they are lost'),
    /** The node shuts down: its agents move to other nodes or wait for it; nobody is lost here. */
    close() {
      closing = true;
      for (const timer of lossTimers.values()) clearTimeout(timer);
      lossTimers.clear();
    },
  };
}
