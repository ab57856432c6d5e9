import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentSocketPath } from '@tradedesk/domain/realtime';
import { sandboxConfig } from '@tradedesk/game-client';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { agentRejoinDelayMs, startAgent, type RunningAgent } from '../src/agent.js';

/** A server node's agent path: it keeps every connection and hands each to `onConnection`. */
async function agentServer(onConnection: (socket: Socket, connections: readonly Socket[]) => void) {
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
function signal() {
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { settle: () => settle(), settled };
}

const agentOf = (serverUrl: string, log: string[]) =>
  startAgent({
    serverUrl,
    agentKey: 'k'.repeat(32),
    agentId: 'rejoining-agent',
    // No run is started here: the game is never called.
    game: sandboxConfig('http://127.0.0.1:9'),
    log: (line) => log.push(line),
  });

describe('an agent whose live socket the server drops', () => {
  let agent: RunningAgent | undefined;
  let io: Server | undefined;
  afterEach(async () => {
    await agent?.close();
    io?.close();
  });

  it('connects again: a replacement meant for its older socket must not leave it offline', async () => {
    const secondConnection = signal();
    const server = await agentServer((socket, connections) => {
      // The first connection is dropped by the server, as a late replacement order would drop it.
      if (connections.length === 1) setImmediate(() => socket.disconnect(true));
      else secondConnection.settle();
    });
    io = server.io;
    const log: string[] = [];
    agent = agentOf(server.url, log);
    await agent.connected;
    await secondConnection.settled;
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.handshake.auth).toMatchObject({ agentId: 'rejoining-agent' });
    expect(log).toContain('the server dropped this connection; connecting again');
  });

  it('does not come back when it is closed before its rejoin', async () => {
    const firstDropped = signal();
    const server = await agentServer((socket) => {
      socket.on('disconnect', firstDropped.settle);
      setImmediate(() => socket.disconnect(true));
    });
    io = server.io;
    agent = agentOf(server.url, []);
    await agent.connected;
    await firstDropped.settled;
    // Closed (a deploy's stop) while its rejoin waits: it must not connect again.
    await agent.close();
    await new Promise((resolve) => setTimeout(resolve, agentRejoinDelayMs + 500));
    expect(server.connections).toHaveLength(1);
  });
});
