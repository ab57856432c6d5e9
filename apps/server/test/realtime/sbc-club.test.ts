import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSbcCatalogue } from '../../src/modules/sbc/catalogue-job.js';
import { backends } from '../database.js';
import { loadSandboxPrices, simAdmin, type PresentedChallenge } from './sbc-support.js';
import {
  createAccount,
  hubHookTimeoutMs,
  hubSuite,
  openBrowser,
  startStack,
  type Browser,
  type Stack,
} from './stack.js';

interface AccountSolution {
  accountId: string;
  cost: number;
  players: { definitionId: number; price: number; owned: boolean }[];
}

describe.each(backends)("SBC squads from an account's club (%s)", (backend) => {
  let stack: Stack;
  let catalogue: ReturnType<typeof createSbcCatalogue>;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    stack = await startStack(backend);
    catalogue = createSbcCatalogue(stack.server.app.appContext);
    await loadSandboxPrices(stack, 'pc');
    await catalogue.sync(stack.sim.url);
    await catalogue.solveAll(['set-1001']); // the daily gold upgrade: golds only, team rating 75
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browsers.forEach((browser) => browser.socket.disconnect());
    await catalogue?.close();
    await stack?.close();
  }, hubHookTimeoutMs);

  it(
    "reads the account's club through the agent, keeps it for its owner only, and shows and builds the squad from it",
    async () => {
      const owner = await openBrowser(stack.server, { tier: 'snipe' });
      const stranger = await openBrowser(stack.server, { tier: 'snipe' });
      browsers.push(owner, stranger);
      const email = `sbc.club.${Date.now()}@example.com`;
      const accountId = await createAccount(owner.http, email);
      const simAccount = await simAdmin<{ id: number }>(stack, 'POST', '/accounts', {
        email,
        password: 'sandbox-password',
        backupCode: 'ABCD1234',
        platform: 'pc',
      });
      const list = (await owner.http.get('/api/sbc/challenges')).body as { data: PresentedChallenge[] };
      const generic = list.data.find((challenge) => challenge.challengeId === 'set-1001')?.solutions[0];
      if (!generic) throw new Error('no solution for the gold upgrade');
      // The account owns eleven untradeable common golds (80–84, other players than the market's
      // squad), worth their quick-sell value only (240–252 coins), besides its starter club.
      const inMarketSquad = new Set(generic.players.map((player) => player.definitionId));
      const assets = new Set<number>();
      const granted = loadCatalogue()
        .cards.filter((card) => {
          const fits = card.rating >= 80 && card.rating <= 84 && card.rarityId === 0 && card.clubId !== null;
          if (!fits || inMarketSquad.has(card.definitionId) || assets.has(card.baseId)) return false;
          assets.add(card.baseId);
          return true;
        })
        .slice(0, 11);
      for (const card of granted)
        await simAdmin(stack, 'POST', `/accounts/${simAccount.id}/items`, {
          definitionId: card.definitionId,
          count: 1,
          place: 'club',
          untradeable: true,
        });

      const squadPath = `/api/sbc/club/${accountId}/solution/set-1001`;
      expect(await owner.http.get(`/api/sbc/club/${accountId}`)).toMatchObject({
        status: 200,
        body: { data: { accountId, readAt: null, isReading: false, cards: [] } },
      });
      expect(await owner.http.get(squadPath)).toMatchObject({
        status: 404,
        body: { message: "This account's club has not been read yet: read it first" },
      });

      owner.send('SBC_READ_CLUB', { id: accountId });
      const read = await owner.waitFor((message) => message.action === 'SBC_CLUB', 'the club read');
      // The sandbox's starter club (18 untradeable players) and the 11 granted copies.
      expect(read.data).toMatchObject({ accountId, ok: true, cards: 18 + granted.length });
      const club = (await owner.http.get(`/api/sbc/club/${accountId}`)).body as {
        data: { readAt: string | null; cards: { definitionId: number; untradeable: boolean }[] };
      };
      expect(club.data.readAt).not.toBeNull();
      expect(club.data.cards).toHaveLength(18 + granted.length);
      expect(club.data.cards.every((card) => card.untradeable)).toBe(true);

      const squad = await owner.http.get(squadPath);
      expect(squad.status).toBe(200);
      const solution = (squad.body as { data: AccountSolution }).data;
      expect(solution.accountId).toBe(accountId);
      expect(solution.players).toHaveLength(11);
      // Owned cards first: the squad uses the club, and costs only the cards it still buys.
      const clubCards = new Set(club.data.cards.map((card) => card.definitionId));
      const owned = solution.players.filter((player) => player.owned);
      const toBuy = solution.players.filter((player) => !player.owned);
      expect(owned.length).toBeGreaterThan(0);
      expect(owned.every((player) => clubCards.has(player.definitionId))).toBe(true);
      expect(solution.cost).toBe(toBuy.reduce((sum, player) => sum + player.price, 0));
      expect(solution.cost).toBeLessThan(generic.cost);

      // The solver bot builds that squad: only its cards to buy are on the market (at their price),
      // it spends exactly the squad's cost, and the challenge is done in the game.
      for (const player of toBuy)
        await simAdmin(stack, 'POST', '/listings', {
          definitionId: player.definitionId,
          platform: 'pc',
          buyNowPrice: player.price,
          durationSeconds: 3600,
        });
      owner.send('SBC_START_SOLVER', {
        account: { id: accountId },
        solutions: [generic],
        searchSpeed: 0,
        maxPurchaseAttempts: 1,
        enableAutoList: false,
        numOfSteps: 1,
        numOfRepititions: 1,
      });
      const finished = await owner.waitFor(
        (message) => message.action === 'SBC_FINISH_SOLVER' || message.action === 'ERROR',
        'the solver to finish',
      );
      expect(finished.data).toMatchObject({
        costs: solution.cost,
        description: `Successfully solved SBC with ${solution.cost} coins`,
      });
      const progress = await simAdmin<{ challengeId: number; timesCompleted: number }[]>(
        stack,
        'GET',
        `/accounts/${simAccount.id}/sbc`,
      );
      expect(progress.find((entry) => entry.challengeId === 2001)?.timesCompleted).toBe(1);

      // Another user's account is unknown to everyone else: not read, not shown, not solved.
      expect((await stranger.http.get(`/api/sbc/club/${accountId}`)).status).toBe(404);
      expect((await stranger.http.get(squadPath)).status).toBe(404);
      stranger.send('SBC_READ_CLUB', { id: accountId });
      expect(await stranger.waitForError()).toBe('Account not found');
      expect(stranger.messages.some((message) => message.action === 'SBC_CLUB')).toBe(false);
      expect((await owner.http.get(`/api/sbc/club/${accountId}/solution/bad id!`)).status).toBe(400);
    },
    hubSuite.timeout,
  );
});
