import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunningAgent } from '../src/agent.js';
import { agentServer, startIdleAgent } from './support/agent-server.js';

describe("an agent's readiness file", () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'agent-ready-'));
  const readyFile = path.join(directory, 'ready');
  let agent: RunningAgent | undefined;
  afterEach(async () => {
    await agent?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('is there while the agent is connected to a server, and gone once it is not', async () => {
    // Left by an earlier process of the same container: it must not say ready before the connect.
    writeFileSync(readyFile, 'stale\n');
    const server = await agentServer(() => {});
    agent = startIdleAgent(server.url, { readyFile });
    expect(existsSync(readyFile)).toBe(false);
    await agent.connected;
    await vi.waitFor(() => expect(readFileSync(readyFile, 'utf8')).not.toBe('stale\n'));

    // The server goes away: the agent is not a place for runs until it is back.
    server.io.close();
    await vi.waitFor(() => expect(existsSync(readyFile)).toBe(false), { timeout: 5_000 });
  });
});
