import type { Platform } from '@tradedesk/domain';
import { afterAll, beforeAll } from 'vitest';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { createSbcCatalogue, type SbcCatalogue } from '../../src/modules/sbc/catalogue-job.js';
import type { Backend } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  openBrowser,
  simAdminKey,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';

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
  unsolvableReason?: string;
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

/** Lists each card on the sandbox's PC market at its squad price for an hour (a quiet sandbox lists few cards). */
export async function listOnSandboxMarket(
  stack: Stack,
  players: readonly { definitionId: number; price: number }[],
): Promise<void> {
  for (const player of players)
    await simAdmin(stack, 'POST', '/listings', {
      definitionId: player.definitionId,
      platform: 'pc',
      buyNowPrice: player.price,
      durationSeconds: 3600,
    });
}

/** The sandbox game's own prices of one platform as the price database holds them (the feed the collector reads). */
async function loadSandboxPrices(stack: Stack, platform: Platform) {
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

/**
 * One suite's stack (server, agent, sandbox game) with the game's challenges synced and the daily
 * gold upgrade (golds only, team rating 75) solved at the sandbox's prices of `platforms`; the
 * browsers a test opens are pushed to `browsers` and disconnected at the end.
 */
export function useSbcStack(backend: Backend, platforms: readonly Platform[] = ['pc']) {
  const suite = {
    stack: undefined as unknown as Stack,
    catalogue: undefined as unknown as SbcCatalogue,
    browsers: [] as Browser[],
  };
  beforeAll(async () => {
    suite.stack = await startStack(backend);
    suite.catalogue = createSbcCatalogue(suite.stack.server.app.appContext);
    for (const platform of platforms) await loadSandboxPrices(suite.stack, platform);
    await suite.catalogue.sync(suite.stack.sim.url);
    await suite.catalogue.solveAll(['set-1001']);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    suite.browsers.forEach((browser) => browser.socket.disconnect());
    await suite.catalogue?.close();
    await suite.stack?.close();
  }, hubHookTimeoutMs);
  return suite;
}

/** The daily gold upgrade's first solution as `browser` reads it from GET /api/sbc/challenges. */
export async function goldUpgradeSolution(browser: Browser) {
  const challenges = (await browser.http.get('/api/sbc/challenges')).body as { data: PresentedChallenge[] };
  const solution = challenges.data.find((challenge) => challenge.challengeId === 'set-1001')?.solutions[0];
  if (!solution) throw new Error('no solution for the gold upgrade');
  return solution;
}

/**
 * A signed-in user (tier Snipe) with one linked account that the sandbox game holds with 500,000
 * coins, and the gold upgrade's solution; the browser is disconnected at the suite's end.
 */
export async function sbcBuyer(suite: ReturnType<typeof useSbcStack>, label: string) {
  const browser = await openBrowser(suite.stack.server, { tier: 'snipe' });
  suite.browsers.push(browser);
  const email = `sbc.${label}.${Date.now()}@example.com`;
  const accountId = await createAccount(browser.http, email);
  const created = await simAdmin<{ id: number; coins: number }>(suite.stack, 'POST', '/accounts', {
    email,
    password: 'sandbox-password',
    backupCode: 'ABCD1234',
    platform: 'pc',
    coins: 500_000,
  });
  return { browser, accountId, email, simAccount: created, solution: await goldUpgradeSolution(browser) };
}
