import type { Platform } from '@tradedesk/domain';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { simAdminKey, type Stack } from './stack.js';

/** A challenge as GET /api/sbc/challenges answers it (the parts the SBC tests read). */
export interface PresentedChallenge {
  challengeId: string;
  name: string;
  solutions: {
    solutionId: string;
    createdAt: string;
    platform: Platform;
    cost: number;
    players: { definitionId: number; price: number }[];
  }[];
  subChallenges: PresentedChallenge[];
}

/** Calls the sandbox game's admin API; throws on a failure. */
export async function simAdmin<T>(stack: Stack, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.sim.url}/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': simAdminKey },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`sim admin ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The sandbox game's own prices of one platform as the price database holds them (the feed the collector reads). */
export async function loadSandboxPrices(stack: Stack, platform: Platform) {
  const response = await fetch(`${stack.sim.url}/feeds/futbin/prices?platform=${platform}`);
  const feed = (await response.json()) as {
    prices: { definitionId: number; price: number; updatedAt: number }[];
  };
  const memory = await currentPriceMemory(stack.database.db).ready(stack.server.clock.now().getTime());
  memory.apply(
    feed.prices.map((entry) => ({
      definitionId: entry.definitionId,
      platform,
      price: entry.price,
      source: 'futbin',
      observedAt: new Date(entry.updatedAt),
    })),
  );
}
