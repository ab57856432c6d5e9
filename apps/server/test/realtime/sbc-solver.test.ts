import { maxSbcBuyNow } from '@tradedesk/domain/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSbcCatalogue, SOLUTION_PLATFORM } from '../../src/modules/sbc/catalogue-job.js';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { backends } from '../database.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  simAdminKey,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';

interface PresentedChallenge {
  challengeId: string;
  name: string;
  solutions: {
    solutionId: string;
    createdAt: string;
    cost: number;
    players: { definitionId: number; price: number }[];
  }[];
  subChallenges: PresentedChallenge[];
}

async function simAdmin<T>(stack: Stack, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.sim.url}/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-sim-admin-key': simAdminKey },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`sim admin ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The sandbox game's own prices as the price database holds them (the feed the collector reads). */
async function loadSandboxPrices(stack: Stack) {
  const response = await fetch(`${stack.sim.url}/feeds/futbin/prices?platform=${SOLUTION_PLATFORM}`);
  const feed = (await response.json()) as {
    prices: { definitionId: number; price: number; updatedAt: number }[];
  };
  const memory = await currentPriceMemory(stack.database.db).ready(stack.server.clock.now().getTime());
  memory.apply(
    feed.prices.map((entry) => ({
      definitionId: entry.definitionId,
      platform: SOLUTION_PLATFORM,
      price: entry.price,
      source: 'futbin',
      observedAt: new Date(entry.updatedAt),
    })),
  );
}

describe.each(backends)('SBC solver bot against the sandbox game (%s)', (backend) => {
  let stack: Stack;
  let catalogue: ReturnType<typeof createSbcCatalogue>;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    stack = await startStack(backend);
    catalogue = createSbcCatalogue(stack.server.app.appContext);
    await loadSandboxPrices(stack);
    await catalogue.sync(stack.sim.url);
    // The daily gold upgrade (one challenge: golds only, team rating 75) and the sub-challenges' set.
    await catalogue.solveAll(['set-1001']);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browsers.forEach((browser) => browser.socket.disconnect());
    await catalogue?.close();
    await stack?.close();
  }, hubHookTimeoutMs);

  it(
    'lists the synced challenges with nested sub-challenges, and a solution priced from the market',
    async () => {
      const browser = await openBrowser(stack.server, { tier: 'snipe' });
      browsers.push(browser);
      const list = await browser.http.get('/api/sbc/challenges');
      expect(list.status).toBe(200);
      const challenges = (list.body as { data: PresentedChallenge[] }).data;
      const upgrade = challenges.find((challenge) => challenge.challengeId === 'set-1001');
      expect(upgrade?.name).toBe('Daily Gold Upgrade');
      expect(upgrade?.subChallenges).toEqual([]);
      const solution = upgrade?.solutions[0];
      expect(solution?.players).toHaveLength(11);
      expect(solution?.cost).toBe(solution?.players.reduce((sum, player) => sum + player.price, 0));
      expect(challenges.some((challenge) => challenge.subChallenges.length > 1)).toBe(true);

      const one = await browser.http.get(`/api/sbc/solution/${solution?.solutionId}`);
      expect(one.body).toMatchObject({ data: { solutionId: solution?.solutionId, cost: solution?.cost } });
      expect((await browser.http.get('/api/sbc/solution/unknown')).status).toBe(404);
    },
    hubSuite.timeout,
  );

  it(
    'buys the missing players, submits the squad in the sandbox and reports the coins spent',
    async () => {
      const browser = await openBrowser(stack.server, { tier: 'snipe' });
      browsers.push(browser);
      const email = `sbc.${Date.now()}@example.com`;
      const accountId = await createAccount(browser.http, email);
      const created = await simAdmin<{ id: number; coins: number }>(stack, 'POST', '/accounts', {
        email,
        password: 'sandbox-password',
        backupCode: 'ABCD1234',
        platform: 'pc',
        coins: 500_000,
      });
      const challenges = (await browser.http.get('/api/sbc/challenges')).body as {
        data: PresentedChallenge[];
      };
      const solution = challenges.data.find((challenge) => challenge.challengeId === 'set-1001')
        ?.solutions[0];
      if (!solution) throw new Error('no solution for the gold upgrade');
      // Each card of the squad is on the market at its solution price (a quiet sandbox lists few cards).
      for (const player of solution.players)
        await simAdmin(stack, 'POST', '/listings', {
          definitionId: player.definitionId,
          platform: 'pc',
          buyNowPrice: player.price,
          durationSeconds: 3600,
        });

      browser.send('SBC_START_SOLVER', {
        account: { id: accountId },
        solutions: [solution],
        searchSpeed: 200,
        maxPurchaseAttempts: 3,
        enableAutoList: false,
        numOfSteps: 1,
        numOfRepititions: 1,
      });
      await browser.waitFor(
        (message) =>
          message.action === 'SBC_NOTIFICATION' && message.data.description === 'SBC solver started',
        'the solver to start',
      );
      const finished = await browser.waitFor(
        (message) => message.action === 'SBC_FINISH_SOLVER' || message.action === 'ERROR',
        'the solver to finish',
      );
      expect(finished.action).toBe('SBC_FINISH_SOLVER');
      const costs = finished.data.costs as number;
      expect(finished.data.description).toBe(`Successfully solved SBC with ${costs} coins`);
      expect(costs).toBeGreaterThan(0);
      expect(costs).toBeLessThanOrEqual(
        solution.players.reduce((sum, player) => sum + maxSbcBuyNow(player.price), 0),
      );

      const after = await simAdmin<{ coins: number }>(stack, 'GET', `/accounts/${created.id}`);
      expect(after.coins).toBe(created.coins - costs + 2_500); // the challenge's reward: 2,500 coins
      const progress = await simAdmin<{ challengeId: number; status: string; timesCompleted: number }[]>(
        stack,
        'GET',
        `/accounts/${created.id}/sbc`,
      );
      expect(progress.find((entry) => entry.challengeId === 2001)?.timesCompleted).toBe(1);

      const statistics = await browser.http.get('/api/statistic/sbc');
      expect(statistics.body).toMatchObject({ data: { totalCoinsSpent: costs, totalSolved: 1 } });
    },
    hubSuite.timeout,
  );

  it(
    'refuses a start without a solution, for an account of another user, and a stop when nothing runs',
    async () => {
      const browser = await openBrowser(stack.server, { tier: 'snipe' });
      browsers.push(browser);
      const settings = {
        searchSpeed: 3500,
        maxPurchaseAttempts: 3,
        enableAutoList: false,
        numOfSteps: 1,
        numOfRepititions: 1,
      };
      browser.send('SBC_START_SOLVER', { ...settings, account: { id: 'x' }, solutions: [] });
      expect(await browser.waitForError()).toBe('Please select a solution to start solver');
      const solution = {
        solutionId: 'nope',
        createdAt: new Date().toISOString(),
        players: [],
      };
      browser.send('SBC_START_SOLVER', {
        ...settings,
        account: { id: 'someone-else' },
        solutions: [solution],
      });
      expect(await browser.waitForError()).toBe('Account not found');
      browser.send('SBC_STOP_SOLVER', { id: 'someone-else' });
      expect(await browser.waitForError()).toBe('The SBC solver is not running on this account');
    },
    hubSuite.timeout,
  );
});
