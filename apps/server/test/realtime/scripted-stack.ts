import { defaultTransferFilter, type TransferFilter } from '@tradedesk/domain';
import { afterAll, beforeAll } from 'vitest';
import type { RealtimeOptions } from '../../src/realtime/index.js';
import { createTestDatabase, type Backend } from '../database.js';
import { connectScriptedAgent } from './scripted-agent.js';
import { hubHookTimeoutMs, startServerNode, type Browser, type ServerNode } from './stack.js';

/** A 100,000-coin transfer of a rare gold card (Cristiano Ronaldo), saved as filter-1. */
export const ronaldoTransferFilter: TransferFilter = {
  ...defaultTransferFilter('Ronaldo 100k'),
  id: 'filter-1',
  player: {
    ...defaultTransferFilter().player,
    id: 20_801,
    name: 'Cristiano Ronaldo',
    value: 100_000,
    rarity: 'rare',
    quality: 'gold',
  },
};

export interface ScriptedStack {
  node: ServerNode;
  agent: Awaited<ReturnType<typeof connectScriptedAgent>>;
  /** Browsers a test opens; each is disconnected after the block. */
  browsers: Browser[];
}

/**
 * One server node on a fresh database of `backend` with one scripted agent, made before a describe
 * block's tests and closed after them. Its fields are set once the block's `beforeAll` has run.
 */
export function scriptedAgentStack(
  backend: Backend,
  options: {
    node?: RealtimeOptions;
    agentId?: string;
    agentCapacity?: number;
    beforeAnswer?: Parameters<typeof connectScriptedAgent>[3];
  } = {},
): ScriptedStack {
  const stack = { browsers: [] } as unknown as ScriptedStack;
  let dispose: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase(backend);
    dispose = created.dispose;
    stack.node = await startServerNode(created.database, options.node);
    stack.agent = await connectScriptedAgent(
      stack.node,
      options.agentId,
      options.agentCapacity,
      options.beforeAnswer,
    );
  }, hubHookTimeoutMs);
  afterAll(async () => {
    stack.browsers.forEach((browser) => browser.socket.disconnect());
    stack.agent?.socket.disconnect();
    await stack.node?.app.close();
    await dispose?.();
  }, hubHookTimeoutMs);
  return stack;
}
