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
    "reads the account's club through the agent, keeps it for its owner only and builds the squad from it",
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
      // The account owns an untradeable copy of every card of the market's cheapest squad.
      for (const player of generic.players)
        await simAdmin(stack, 'POST', `/accounts/${simAccount.id}/items`, {
          definitionId: player.definitionId,
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
      expect(read.data).toMatchObject({ accountId, ok: true, cards: 18 + generic.players.length });
      const club = (await owner.http.get(`/api/sbc/club/${accountId}`)).body as {
        data: { readAt: string | null; cards: { definitionId: number; untradeable: boolean }[] };
      };
      expect(club.data.readAt).not.toBeNull();
      expect(club.data.cards).toHaveLength(18 + generic.players.length);
      expect(club.data.cards.every((card) => card.untradeable)).toBe(true);

      // Owned untradeable cards are worth their quick-sell value only: the squad buys nothing.
      const squad = await owner.http.get(squadPath);
      expect(squad.status).toBe(200);
      const solution = (squad.body as { data: AccountSolution }).data;
      expect(solution.accountId).toBe(accountId);
      expect(solution.players).toHaveLength(11);
      expect(solution.players.every((player) => player.owned)).toBe(true);
      expect(solution.cost).toBe(0);

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
