import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentSocketPath } from '@tradedesk/domain/realtime';
import { sandboxConfig } from '@tradedesk/game-client';
import { Server, type Socket } from 'socket.io';
import { startAgent, type AgentOptions } from '../../src/agent.js';

/** A server node's agent path: it keeps every connection and hands each to `onConnection`. */
export async function agentServer(onConnection: (socket: Socket, connections: readonly Socket[]) => void) {
  const http = createServer();
  const io = new Server(http, { path: agentSocketPath });
  const connections: Socket[] = [];
  io.on('connection', (socket) => {
    connections.push(socket);
    onConnection(socket, connections);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io, connections, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** A promise and what settles it. */
export function signal() {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { settle: () => settle(), settled };
}

/** An agent given no run (its game is never called), connecting to `serverUrl`. */
export const startIdleAgent = (serverUrl: string, options: Partial<AgentOptions> = {}) =>
  startAgent({
    serverUrl,
    agentKey: 'k'.repeat(32),
    agentId: 'idle-agent',
    game: sandboxConfig('http://127.0.0.1:9'),
    ...options,
  });
