import type { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { agentRejoinDelayMs, type RunningAgent } from '../src/agent.js';
import { agentServer, signal, startIdleAgent } from './support/agent-server.js';

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
    agent = startIdleAgent(server.url, { log: (line) => log.push(line) });
    await agent.connected;
    await secondConnection.settled;
    expect(server.connections).toHaveLength(2);
    expect(server.connections[1]!.handshake.auth).toMatchObject({ agentId: 'idle-agent' });
    expect(log).toContain('the server dropped this connection; connecting again');
  });

  it('does not come back when it is closed before its rejoin', async () => {
    const firstDropped = signal();
    const server = await agentServer((socket) => {
      socket.on('disconnect', firstDropped.settle);
      setImmediate(() => socket.disconnect(true));
    });
    io = server.io;
    agent = startIdleAgent(server.url);
    await agent.connected;
    await firstDropped.settled;
    // Closed (a deploy's stop) while its rejoin waits: it must not connect again.
    await agent.close();
    await new Promise((resolve) => setTimeout(resolve, agentRejoinDelayMs + 500));
    expect(server.connections).toHaveLength(1);
  });
});
