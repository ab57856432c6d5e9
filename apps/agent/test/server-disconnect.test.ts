import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentSocketPath } from '@tradedesk/domain/realtime';
import { sandboxConfig } from '@tradedesk/game-client';
import { Server, type Socket } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { agentRejoinDelayMs, startAgent, type RunningAgent } from '../src/agent.js';

/** A server node's agent path that hands each new connection of an agent to `onConnection`. */
async function agentServer(onConnection: (socket: Socket) => void) {
  const http = createServer();
  const io = new Server(http, { path: agentSocketPath });
  io.on('connection', onConnection);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
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
    const connections: Socket[] = [];
    let second: () => void = () => {};
    const secondConnection = new Promise<void>((resolve) => (second = resolve));
    const server = await agentServer((socket) => {
      connections.push(socket);
      // The first connection is dropped by the server, as a late replacement order would drop it.
      if (connections.length === 1) setImmediate(() => socket.disconnect(true));
      else second();
    });
    io = server.io;
    const log: string[] = [];
    agent = agentOf(server.url, log);
    await agent.connected;
    await secondConnection;
    expect(connections).toHaveLength(2);
    expect(connections[1]!.handshake.auth).toMatchObject({ agentId: 'rejoining-agent' });
    expect(log).toContain('the server dropped this connection; connecting again');
  });

  it('does not come back when it is closed before its rejoin', async () => {
    const connections: Socket[] = [];
    let dropped: () => void = () => {};
    const firstDropped = new Promise<void>((resolve) => (dropped = resolve));
    const server = await agentServer((socket) => {
      connections.push(socket);
      socket.on('disconnect', () => dropped());
      setImmediate(() => socket.disconnect(true));
    });
    io = server.io;
    agent = agentOf(server.url, []);
    await agent.connected;
    await firstDropped;
    // Closed (a deploy's stop) while its rejoin waits: it must not connect again.
    await agent.close();
    await new Promise((resolve) => setTimeout(resolve, agentRejoinDelayMs + 500));
    expect(connections).toHaveLength(1);
  });
});
