import { agentAckSchema, type AgentAck, type TransferCommandName } from '@tradedesk/domain/realtime';
import type { AppContext } from '../lib/app-context.js';
import type { SbcClubDispatcher } from '../modules/sbc/club-service.js';
import type { SbcDispatcher } from '../modules/sbc/solver-service.js';
import type { RehearsalDispatcher } from '../modules/rehearsal/service.js';
import type { AgentDispatcher } from '../modules/snipe/service.js';
import type { TransferDispatcher } from '../runs/agent-ports.js';
import { agentSlots } from '../runs/slots-repo.js';
import { agentRoom, type AgentServer } from './agent-socket.js';

/**
 * The command ports of every run kind: which agent takes a run, and the commands sent to it
 * through its room, answered from whichever node it is connected to.
 */
export function createAgentCommands(ctx: AppContext, io: AgentServer, commandTimeoutMs: number) {
  /**
   * Sends a command to the agent's room and waits for its answer: the adapter gathers it from
   * whichever node the agent is connected to (broadcast acknowledgements, Redis adapter ≥ 8).
   */
  async function command(agentId: string, event: string, payload: unknown): Promise<AgentAck> {
    let answers: unknown[];
    try {
      answers = await io.to(agentRoom(agentId)).timeout(commandTimeoutMs).emitWithAck(event, payload);
    } catch {
      return { ok: false, message: 'The agent did not answer' };
    }
    if (answers.length === 0) return { ok: false, message: 'The agent is not connected' };
    const parsed = agentAckSchema.safeParse(answers[0]);
    return parsed.success ? parsed.data : { ok: false, message: 'The agent gave no valid answer' };
  }

  /**
   * The connected agents with at least `slots` free slots and how many each has: never one that
   * said it is leaving, nor `except` (the agent a run is handed back from).
   */
  async function freeAgents(except: string | undefined, slots: number) {
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
    const running = await agentSlots.used(ctx.db, [...capacities.keys()]);
    return [...capacities]
      .map(([agentId, capacity]) => ({ agentId, slots: Math.max(0, capacity - (running.get(agentId) ?? 0)) }))
      .filter((agent) => agent.slots >= slots);
  }

  /**
   * One agent drawn at random, weighted by its free slots: starts that arrive together see the
   * same counts, so a burst spreads over the agents instead of piling onto one. If two starts
   * still take one agent's last slot, the agent refuses the second as full.
   */
  function draw(free: { agentId: string; slots: number }[]) {
    let ticket = Math.random() * free.reduce((sum, agent) => sum + agent.slots, 0);
    for (const agent of free) {
      if (agent.slots === 0) continue;
      ticket -= agent.slots;
      if (ticket < 0) return agent;
    }
    return free.findLast((agent) => agent.slots > 0);
  }

  /**
   * The agent with the most room for one more run (drawn by its free slots). `slots` runs that
   * must share one agent (a fleet's parts) take an agent with at least that many free slots.
   */
  async function pick(except?: string, slots = 1) {
    return draw(await freeAgents(except, slots))?.agentId;
  }

  /** Agents for `runs` runs of one slot each, from one look at the agents: each draw takes a slot. */
  async function pickMany(runs: number) {
    const free = await freeAgents(undefined, 1);
    const drawn: string[] = [];
    while (drawn.length < runs) {
      const agent = draw(free);
      if (agent === undefined) break;
      drawn.push(agent.agentId);
      agent.slots -= 1;
    }
    return drawn;
  }

  const dispatcher: AgentDispatcher = {
    pick,
    pickMany,
    start: (agentId, startCommand) => command(agentId, 'session-start', startCommand),
    switchFilter: (agentId, switchCommand) => command(agentId, 'session-switch-filter', switchCommand),
    stop(agentId, stopCommand) {
      io.to(agentRoom(agentId)).emit('session-stop', stopCommand);
    },
  };

  const transferDispatcher: TransferDispatcher = {
    pick,
    command: (agentId: string, name: TransferCommandName, payload: unknown) =>
      command(agentId, name, payload),
  };

  const sbcDispatcher: SbcDispatcher & SbcClubDispatcher = {
    pick,
    start: (agentId, startCommand) => command(agentId, 'sbc-start', startCommand),
    readClub: (agentId, readCommand) => command(agentId, 'sbc-club-read', readCommand),
    stop(agentId, stopCommand) {
      io.to(agentRoom(agentId)).emit('sbc-stop', stopCommand);
    },
  };

  const rehearsalDispatcher: RehearsalDispatcher = {
    pick,
    start: (agentId, startCommand) => command(agentId, 'rehearsal-start', startCommand),
  };

  return { dispatcher, transferDispatcher, sbcDispatcher, rehearsalDispatcher };
}
