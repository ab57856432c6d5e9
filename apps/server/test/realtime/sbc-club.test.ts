import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { solvedSbcWith } from '@tradedesk/domain';
import { STARTER_TRADEABLES } from '@tradedesk/game-sim';
import { describe, expect, it } from 'vitest';
import { sbcClubRepo } from '../../src/modules/account/club-repo.js';
import { backends } from '../database.js';
import { listOnSandboxMarket, simAdmin, useSbcStack, type PresentedChallenge } from './sbc-support.js';
import { createAccount, hubSuite, openBrowser, type Browser } from './stack.js';

/** A new sandbox account's club: 18 untradeable commons and a few tradeable rare golds. */
const starterClub = 18 + STARTER_TRADEABLES;

interface ClubView {
  readAt: string | null;
  isReading: boolean;
  cards: {
    definitionId: number;
    untradeable: boolean;
    name: string | null;
    rarity: string | null;
    quality: string | null;
  }[];
}
interface AccountSolution {
  accountId: string;
  cost: number;
  players: { definitionId: number; price: number; owned: boolean }[];
}

describe.each(backends)("SBC squads from an account's club (%s)", (backend) => {
  const sbc = useSbcStack(backend);

  /** A signed-in user's game account (in the app and the sandbox game) and the gold upgrade's market squad. */
  async function userWithAccount() {
    const owner = await openBrowser(sbc.stack.server, { tier: 'snipe' });
    sbc.browsers.push(owner);
    const email = `sbc.club.${Date.now()}.${Math.random()}@example.com`;
    const accountId = await createAccount(owner.http, email);
    const simAccount = await simAdmin<{ id: number }>(sbc.stack, 'POST', '/accounts', {
      email,
      password: 'sandbox-password',
      backupCode: 'ABCD1234',
      platform: 'pc',
    });
    const list = (await owner.http.get('/api/sbc/challenges')).body as { data: PresentedChallenge[] };
    const marketSquad = list.data.find((challenge) => challenge.challengeId === 'set-1001')?.solutions[0];
    if (!marketSquad) throw new Error('no solution for the gold upgrade');
    return { owner, accountId, simAccountId: simAccount.id, marketSquad };
  }

  /** "Read club" and its SBC_CLUB answer. */
  async function readClub(owner: Browser, accountId: string) {
    owner.send('SBC_READ_CLUB', { id: accountId });
    return owner.waitFor(
      (message) => message.action === 'SBC_CLUB' && message.data.accountId === accountId,
      'the club read',
    );
  }

  it(
    "reads an account's club through the agent and keeps it for the account's owner only",
    async () => {
      const { owner, accountId } = await userWithAccount();
      const clubPath = `/api/sbc/club/${accountId}`;
      expect(await owner.http.get(clubPath)).toMatchObject({
        status: 200,
        body: { data: { accountId, readAt: null, isReading: false, cards: [] } },
      });
      expect(await owner.http.get(`${clubPath}/solution/set-1001`)).toMatchObject({
        status: 404,
        body: { message: "This account's club has not been read yet: read it first" },
      });

      // The sandbox's starter club: 18 untradeable players and a few tradeable rare golds.
      expect((await readClub(owner, accountId)).data).toMatchObject({
        accountId,
        ok: true,
        cards: starterClub,
      });
      const club = ((await owner.http.get(clubPath)).body as { data: ClubView }).data;
      expect(club.readAt).not.toBeNull();
      expect(club.cards).toHaveLength(starterClub);
      expect(club.cards.filter((card) => card.untradeable)).toHaveLength(18);
      // Named from the player catalogue: the transfer page offers the seller's tradeable ones by name.
      const tradeable = club.cards.filter((card) => !card.untradeable);
      expect(tradeable).toHaveLength(STARTER_TRADEABLES);
      for (const card of tradeable)
        expect(card).toMatchObject({
          name: loadCatalogue().byDefinitionId(card.definitionId)?.name,
          rarity: 'rare',
          quality: 'gold',
        });

      // Another user's account is unknown to them: not read, not shown, not solved.
      const stranger = await openBrowser(sbc.stack.server, { tier: 'snipe' });
      sbc.browsers.push(stranger);
      expect((await stranger.http.get(clubPath)).status).toBe(404);
      expect((await stranger.http.get(`${clubPath}/solution/set-1001`)).status).toBe(404);
      stranger.send('SBC_READ_CLUB', { id: accountId });
      expect(await stranger.waitForError()).toBe('Account not found');
      expect(stranger.messages.some((message) => message.action === 'SBC_CLUB')).toBe(false);
      expect((await owner.http.get(`${clubPath}/solution/bad id!`)).status).toBe(400);

      // One read at a time; a read that never reported (its agent died) is given up after 5 minutes.
      const at = sbc.stack.server.clock.now();
      const userId = (await owner.http.get('/api/user')).body.data.id as string;
      await sbcClubRepo.requestRead(sbc.stack.database.db, {
        accountId,
        userId,
        readId: 'lost-read',
        at,
      });
      expect(((await owner.http.get(clubPath)).body as { data: ClubView }).data.isReading).toBe(true);
      owner.send('SBC_READ_CLUB', { id: accountId });
      expect(await owner.waitForError()).toBe("This account's club is being read; wait for it to finish");
      sbc.stack.server.clock.advance(5 * 60_000);
      expect(((await owner.http.get(clubPath)).body as { data: ClubView }).data.isReading).toBe(false);
    },
    hubSuite.timeout,
  );

  it(
    'refuses a second "Read club" while the first is running, and keeps the first read\'s cards',
    async () => {
      const { owner, accountId } = await userWithAccount();
      // Two pages of the user (or a quick second click) ask at once.
      owner.send('SBC_READ_CLUB', { id: accountId });
      owner.send('SBC_READ_CLUB', { id: accountId });
      expect(await owner.waitForError()).toBe("This account's club is being read; wait for it to finish");
      const read = await owner.waitFor(
        (message) => message.action === 'SBC_CLUB' && message.data.accountId === accountId,
        'the club read',
      );
      expect(read.data).toMatchObject({ accountId, ok: true, cards: starterClub });
      const club = ((await owner.http.get(`/api/sbc/club/${accountId}`)).body as { data: ClubView }).data;
      expect(club).toMatchObject({ isReading: false, readAt: expect.any(String) });
      expect(club.cards).toHaveLength(starterClub);
      expect(owner.errors).toHaveLength(1);
    },
    hubSuite.timeout,
  );

  it(
    'shows the squad from the read club, owned cards first, and the solver bot builds that squad',
    async () => {
      const { owner, accountId, simAccountId, marketSquad } = await userWithAccount();
      // Eleven untradeable common golds (80–84, other players than the market's squad), worth
      // their quick-sell value only (240–252 coins), besides the starter club.
      const inMarketSquad = new Set(marketSquad.players.map((player) => player.definitionId));
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
        await simAdmin(sbc.stack, 'POST', `/accounts/${simAccountId}/items`, {
          definitionId: card.definitionId,
          count: 1,
          place: 'club',
          untradeable: true,
        });
      expect((await readClub(owner, accountId)).data).toMatchObject({ ok: true, cards: starterClub + 11 });
      const clubBefore = ((await owner.http.get(`/api/sbc/club/${accountId}`)).body as { data: ClubView })
        .data;

      const squad = await owner.http.get(`/api/sbc/club/${accountId}/solution/set-1001`);
      expect(squad.status).toBe(200);
      const solution = (squad.body as { data: AccountSolution }).data;
      expect(solution.accountId).toBe(accountId);
      expect(solution.players).toHaveLength(11);
      const ownedDefinitions = new Set(granted.map((card) => card.definitionId));
      const owned = solution.players.filter((player) => player.owned);
      const toBuy = solution.players.filter((player) => !player.owned);
      expect(owned.length).toBeGreaterThan(0);
      expect(owned.filter((player) => ownedDefinitions.has(player.definitionId)).length).toBeGreaterThan(0);
      expect(solution.cost).toBe(toBuy.reduce((sum, player) => sum + player.price, 0));
      expect(solution.cost).toBeLessThan(marketSquad.cost);

      // Only the squad's cards to buy are on the market (at their price): the bot spends exactly
      // the squad's cost, and the challenge is done in the game.
      await listOnSandboxMarket(sbc.stack, toBuy);
      owner.send('SBC_START_SOLVER', {
        account: { id: accountId },
        solutions: [marketSquad],
        searchSpeed: 1_000,
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
        description: solvedSbcWith(solution.cost),
      });
      const progress = await simAdmin<{ challengeId: number; timesCompleted: number }[]>(
        sbc.stack,
        'GET',
        `/accounts/${simAccountId}/sbc`,
      );
      expect(progress.find((entry) => entry.challengeId === 2001)?.timesCompleted).toBe(1);

      // The game took the squad's own cards: the stored club drops them without a new "Read club",
      // and the next squad marks Owned only cards the club still holds.
      const clubAfter = ((await owner.http.get(`/api/sbc/club/${accountId}`)).body as { data: ClubView })
        .data;
      expect(clubAfter.readAt).toBe(clubBefore.readAt);
      expect(clubAfter.cards).toHaveLength(clubBefore.cards.length - owned.length);
      const copiesOf = (cards: readonly { definitionId: number }[]) => {
        const copies = new Map<number, number>();
        for (const card of cards) copies.set(card.definitionId, (copies.get(card.definitionId) ?? 0) + 1);
        return copies;
      };
      const before = copiesOf(clubBefore.cards);
      const after = copiesOf(clubAfter.cards);
      for (const [definitionId, used] of copiesOf(owned))
        expect((before.get(definitionId) ?? 0) - (after.get(definitionId) ?? 0)).toBe(used);
      const next = await owner.http.get(`/api/sbc/club/${accountId}/solution/set-1001`);
      expect(next.status).toBe(200);
      for (const [definitionId, planned] of copiesOf(
        (next.body as { data: AccountSolution }).data.players.filter((player) => player.owned),
      ))
        expect(after.get(definitionId) ?? 0).toBeGreaterThanOrEqual(planned);
    },
    hubSuite.timeout,
  );
});
