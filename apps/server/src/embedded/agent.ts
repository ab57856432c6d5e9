import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startAgent, type RunningAgent } from '@tradedesk/agent';
import { sandboxConfig } from '@tradedesk/game-client';
import type { FastifyBaseLogger } from 'fastify';

/** The companion add-on's unpacked build (`npm run build -w @tradedesk/extension`), when it was built. */
function builtExtensionDir(): string | undefined {
  const directory = fileURLToPath(new URL('../../../extension/dist/unpacked/', import.meta.url));
  return existsSync(`${directory}manifest.json`) ? directory : undefined;
}

/**
 * The embedded default: one agent in this process, connected over loopback to the server's own
 * `/client/agent` with the key generated at start, playing the sandbox game. The same code runs
 * as a remote agent (`apps/agent`), only the process differs. Prices come from the server's price
 * database over the agent socket, like any agent's.
 */
export async function startEmbeddedAgent(options: {
  serverPort: number;
  agentKey: string;
  /** Unique per server node, stable across its restarts (`embedded-<NODE_ID>`). */
  agentId: string;
  simUrl: string;
  log: FastifyBaseLogger;
  capacity?: number;
  /** Runs with the Headless toggle off open a window on the sandbox web app, with the add-on. */
  headfulSessions?: boolean;
}): Promise<RunningAgent> {
  const agent = startAgent({
    serverUrl: `http://127.0.0.1:${options.serverPort}`,
    agentKey: options.agentKey,
    agentId: options.agentId,
    capacity: options.capacity ?? 50,
    game: sandboxConfig(options.simUrl),
    ...(options.headfulSessions ? { headful: { extensionDir: builtExtensionDir() } } : {}),
    log: (line) => options.log.info({ category: 'agent' }, line),
  });
  await agent.connected;
  options.log.info({ category: 'agent' }, 'Embedded snipe agent connected');
  return agent;
}
