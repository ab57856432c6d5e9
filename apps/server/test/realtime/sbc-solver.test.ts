import { maxSbcBuyNow } from '@tradedesk/domain/realtime';
import { formatFullNumber, solvedSbcWith } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { currentPriceMemory } from '../../src/modules/prices/current-price-memory.js';
import { sbcMessages } from '../../src/modules/sbc/messages.js';
import { backends } from '../database.js';
import {
  listOnSandboxMarket,
  sbcBuyer,
  simAdmin,
  useSbcStack,
  type PresentedChallenge,
} from './sbc-support.js';
import { createAccount, hubSuite, openBrowser } from './stack.js';

describe.each(backends)('SBC solver bot against the sandbox game (%s)', (backend) => {
  const sbc = useSbcStack(backend, ['pc', 'ps']);

  it(
    'lists the synced challenges with nested sub-challenges, and a solution priced from the market',
    async () => {
      const browser = await openBrowser(sbc.stack.server, { tier: 'snipe' });
      sbc.browsers.push(browser);
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
      const { browser, accountId, email, simAccount: created, solution } = await sbcBuyer(sbc, 'buy');
      // Each card of the squad is on the market at its solution price (a quiet sandbox lists few cards).
      await listOnSandboxMarket(sbc.stack, solution.players);

      browser.send('SBC_START_SOLVER', {
        account: { id: accountId },
        solutions: [solution],
        searchSpeed: 1_000,
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
      expect(finished.data.description).toBe(solvedSbcWith(costs));
      expect(costs).toBeGreaterThan(0);
      expect(costs).toBeLessThanOrEqual(
        solution.players.reduce((sum, player) => sum + maxSbcBuyNow(player.price), 0),
      );

      const after = await simAdmin<{ coins: number }>(sbc.stack, 'GET', `/accounts/${created.id}`);
      expect(after.coins).toBe(created.coins - costs + 2_500); // the challenge's reward: 2,500 coins
      const progress = await simAdmin<{ challengeId: number; status: string; timesCompleted: number }[]>(
        sbc.stack,
        'GET',
        `/accounts/${created.id}/sbc`,
      );
      expect(progress.find((entry) => entry.challengeId === 2001)?.timesCompleted).toBe(1);

      const statistics = await browser.http.get('/api/statistic/sbc');
      expect(statistics.body).toMatchObject({ data: { totalCoinsSpent: costs, totalSolved: 1 } });

      // The bell keeps the outcome: told live on the page's hub and listed after a reload.
      const notice = `Successfully solved SBC with ${formatFullNumber(costs)} coins for ${email}`;
      const live = await browser.waitFor(
        (message) => message.action === 'notification' && message.data.message === notice,
        'the kept notification',
      );
      expect(live.data).toMatchObject({ type: 'success', isRead: false, id: expect.any(String) });
      const kept = (await browser.http.get('/api/notification')).body as { data: { message: string }[] };
      expect(kept.data.map((entry) => entry.message)).toContain(notice);
    },
    hubSuite.timeout,
  );

  it(
    "solves on the console market once a user has a console account, and prices it there (a PC account's on PC)",
    async () => {
      const browser = await openBrowser(sbc.stack.server, { tier: 'snipe' });
      sbc.browsers.push(browser);
      const memory = await currentPriceMemory(sbc.stack.database.db).ready(
        sbc.stack.server.clock.now().getTime(),
      );
      const solutionsOn = async (query: string) => {
        const list = await browser.http.get(`/api/sbc/challenges${query}`);
        const challenges = (list.body as { data: PresentedChallenge[] }).data;
        return challenges.find((challenge) => challenge.challengeId === 'set-1001')?.solutions ?? [];
      };
      const solutionOn = async (query: string) => {
        const [solution] = await solutionsOn(query);
        if (!solution) throw new Error(`no gold upgrade solution for ${query}`);
        return solution;
      };
      // Only PC accounts so far: the catalogue spent no solver time on the console market.
      expect(await solutionsOn('?platform=ps')).toEqual([]);
      await createAccount(browser.http, `sbc.console.${Date.now()}@example.com`, 'ps');
      await sbc.catalogue.solveAll(['set-1001']);

      const pc = await solutionOn('');
      const consoleSolution = await solutionOn('?platform=ps');
      expect(pc.platform).toBe('pc');
      expect(consoleSolution.platform).toBe('ps');
      for (const player of consoleSolution.players)
        expect(player.price).toBe(memory.get(player.definitionId, 'ps')?.price);
      for (const player of pc.players)
        expect(player.price).toBe(memory.get(player.definitionId, 'pc')?.price);
      // (The cheapest golds sit at the price floor on both markets, so the totals may well be equal.)
      expect(consoleSolution.cost).toBe(
        consoleSolution.players.reduce((sum, player) => sum + player.price, 0),
      );
      expect((await browser.http.get('/api/sbc/challenges?platform=xbox')).status).toBe(400);
    },
    hubSuite.timeout,
  );

  it(
    "shows a running solver's progress to a page opened later (a reload)",
    async () => {
      const { browser, accountId, solution } = await sbcBuyer(sbc, 'reload');
      // Searches ten minutes apart: the run is still running when the page reloads.
      browser.send('SBC_START_SOLVER', {
        account: { id: accountId },
        solutions: [solution],
        searchSpeed: 600_000,
        maxPurchaseAttempts: 3,
        enableAutoList: false,
        numOfSteps: 1,
        numOfRepititions: 1,
      });
      await browser.waitFor(
        (message) =>
          message.action === 'SBC_NOTIFICATION' &&
          message.data.accountId === accountId &&
          message.data.description === 'SBC solver started',
        'the solver to start',
      );

      const reloaded = await openBrowser(sbc.stack.server, {}, browser.user);
      sbc.browsers.push(reloaded);
      const runs = await reloaded.waitFor((message) => message.action === 'SBC_RUNS', 'the running runs');
      const [run] = runs.data as unknown as { accountId: string; steps: { text: string; tone: string }[] }[];
      expect(run?.accountId).toBe(accountId);
      expect(run?.steps[0]).toEqual({ text: 'SBC solver started', tone: 'success' });

      browser.send('SBC_STOP_SOLVER', { id: accountId });
      await reloaded.waitFor(
        (message) =>
          message.action === 'SBC_NOTIFICATION' &&
          message.data.accountId === accountId &&
          message.data.description === 'SBC solver stopped',
        'the solver to stop',
      );
      const again = await openBrowser(sbc.stack.server, {}, browser.user);
      sbc.browsers.push(again);
      const after = await again.waitFor((message) => message.action === 'SBC_RUNS', 'the running runs');
      expect(after.data).toEqual([]);
    },
    hubSuite.timeout,
  );

  it(
    'ends a run cut off by its agent with a clear state, and lets the user start it again to finish',
    async () => {
      const { browser, accountId, email, solution } = await sbcBuyer(sbc, 'cut');
      // Slow searches: the run is still buying when its agent goes.
      const start = {
        account: { id: accountId },
        solutions: [solution],
        searchSpeed: 60_000,
        maxPurchaseAttempts: 3,
        enableAutoList: false,
        numOfSteps: 1,
        numOfRepititions: 1,
      };
      const started = (after: number) =>
        browser.waitFor(
          (message) =>
            message.action === 'SBC_NOTIFICATION' &&
            message.data.accountId === accountId &&
            message.data.description === 'SBC solver started' &&
            browser.messages.indexOf(message) >= after,
          'the solver to start',
        );
      browser.send('SBC_START_SOLVER', start);
      await started(0);

      // A restart of the agent's process (kill -9): the run cannot go on.
      sbc.stack.agent.kill();
      const cut = await browser.waitFor(
        (message) => message.action === 'ERROR' && message.data.accountId === accountId,
        'the run to end',
      );
      expect(cut.data.description).toBe(sbcMessages.agentLost);
      // It says how to finish: the run does not resume by itself (its agent's state is gone).
      expect(cut.data.description).toContain('start the solver again to finish');
      // The failure is kept in the bell, naming the account (the user may be on another page).
      const failedNotice = `SBC solver failed for ${email}: ${sbcMessages.agentLost}`;
      await browser.waitFor(
        (message) => message.action === 'notification' && message.data.message === failedNotice,
        'the kept notification',
      );
      const kept = (await browser.http.get('/api/notification')).body as {
        data: { message: string; type: string }[];
      };
      expect(kept.data).toContainEqual(expect.objectContaining({ type: 'error', message: failedNotice }));

      // Nothing holds the account: starting again is accepted (bought cards are used first).
      await sbc.stack.startAgent();
      const before = browser.messages.length;
      browser.send('SBC_START_SOLVER', start);
      await started(before);
      browser.send('SBC_STOP_SOLVER', { id: accountId });
      await browser.waitFor(
        (message) =>
          (message.action === 'SBC_NOTIFICATION' || message.action === 'SBC_FINISH_SOLVER') &&
          message.data.accountId === accountId &&
          message.data.description === 'SBC solver stopped',
        'the solver to stop',
      );
    },
    hubSuite.timeout,
  );

  it(
    'refuses a start without a solution, for an account of another user, at a search speed of 0, and a stop when nothing runs',
    async () => {
      const browser = await openBrowser(sbc.stack.server, { tier: 'snipe' });
      sbc.browsers.push(browser);
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
      // A search speed of 0 would search as fast as the game answers: refused, naming the range.
      browser.send('SBC_START_SOLVER', {
        ...settings,
        searchSpeed: 0,
        account: { id: 'someone-else' },
        solutions: [solution],
      });
      expect(await browser.waitForError()).toBe('Search speed must be between 1,000 and 600,000 ms');
      browser.send('SBC_STOP_SOLVER', { id: 'someone-else' });
      expect(await browser.waitForError()).toBe('The SBC solver is not running on this account');
    },
    hubSuite.timeout,
  );
});
