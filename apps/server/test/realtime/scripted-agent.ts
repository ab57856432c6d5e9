import type { TransferEvent } from '@tradedesk/domain/realtime';
import { io, type Socket } from 'socket.io-client';
import type { ServerNode } from './stack.js';

/** An event as the agent sends it (the helper stamps `at`). */
export type EventWithoutTime = TransferEvent extends infer E
  ? E extends TransferEvent
    ? Omit<E, 'at'>
    : never
  : never;

export interface Command {
  name: string;
  payload: Record<string, unknown> & { transferId: string; route?: unknown };
}

/**
 * The agent's side of the `/client/agent` transfer contract, scripted: it accepts every transfer command
 * (and a snipe's start) and sends the events a test tells it to (the real agent's runtimes are tested on
 * its side).
 */
export async function connectScriptedAgent(
  node: ServerNode,
  agentId = 'scripted-agent',
  capacity = 5,
  /** Runs before a command is answered (a session that reports before its start's answer is read). */
  beforeAnswer?: (command: Command, socket: Socket) => Promise<void>,
) {
  const commands: Command[] = [];
  const wakers = new Set<() => void>();
  const socket: Socket = io(node.url, {
    path: '/client/agent',
    transports: ['websocket'],
    auth: { key: node.realtime.embeddedAgentKey, agentId, capacity, sessions: [] },
  });
  for (const name of [
    'transfer-sync',
    'transfer-start',
    'transfer-fetch-latency',
    'transfer-fetch-market-prices',
    'transfer-screenshot',
    'transfer-launch-webapp',
    // A snipe start is accepted and then runs silently: enough for a test of what a start holds.
    'session-start',
  ]) {
    socket.on(name, (payload: Command['payload'], ack: (answer: unknown) => void) => {
      const command = { name, payload };
      commands.push(command);
      wakers.forEach((wake) => wake());
      void (beforeAnswer?.(command, socket) ?? Promise.resolve()).then(() => ack({ ok: true }));
    });
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The server joins the agent's room after its connection handler's first await.
  while (node.realtime.connectedAgents().length === 0) await new Promise((r) => setTimeout(r, 20));
  return {
    socket,
    commands,
    nextCommand(name: string, after = 0) {
      return new Promise<Command>((resolve) => {
        const check = () => {
          const found = commands.slice(after).find((command) => command.name === name);
          if (found) {
            wakers.delete(check);
            resolve(found);
          }
        };
        wakers.add(check);
        check();
      });
    },
    /** One heartbeat: the agent still holds these snipe leases, transfers and other runs (SBC, rehearsal). */
    beat(leaseIds: string[], transferIds: string[], runIds: string[] = []) {
      socket.emit('heartbeat', { leaseIds, transferIds, runIds });
    },
    /** Sends an event of a transfer it was commanded, with the command's route, as the agent does. */
    send(transferId: string, seq: number, event: EventWithoutTime) {
      const route = commands.find((command) => command.payload.transferId === transferId)?.payload.route ?? {
        kind: 'transfer',
      };
      return socket.emitWithAck('transfer-event', { route, transferId, seq, event: { at: 0, ...event } });
    },
  };
}
