import { clubSquadSolutionId, solvedSbcWith } from '@tradedesk/domain';
import { describe, expect, it } from 'vitest';
import { backends } from '../database.js';
import {
  listOnSandboxMarket,
  sbcBuyer,
  simAdmin,
  useSbcStack,
  type PresentedChallenge,
} from './sbc-support.js';
import { hubSuite, openBrowser, type Browser } from './stack.js';

/** The sandbox game's 'Club Loyalty' asks for untradeable cards: the market can never fill it. */
const untradeables = 'challenge-2130';

/** Starts the solver bot on Untradeables with the account's own squad (no stored solution exists for it). */
function startClubSquad(browser: Browser, accountId: string) {
  browser.send('SBC_START_SOLVER', {
    account: { id: accountId },
    solutions: [
      { solutionId: clubSquadSolutionId(untradeables), createdAt: new Date().toISOString(), players: [] },
    ],
    searchSpeed: 1_000,
    maxPurchaseAttempts: 1,
    enableAutoList: false,
    numOfSteps: 1,
    numOfRepititions: 1,
  });
}

describe.each(backends)('a challenge the market holds no squad for (%s)', (backend) => {
  const sbc = useSbcStack(backend);

  it(
    'is answered with the reason, not left "being computed" and solved again every 15 s',
    async () => {
      const outcome = await sbc.catalogue.solveAll([untradeables]);
      expect(outcome).toMatchObject({ solved: 1, total: 1, changed: 0 });

      const browser = await openBrowser(sbc.stack.server, { tier: 'snipe' });
      sbc.browsers.push(browser);
      const body = (await browser.http.get('/api/sbc/challenges')).body as { data: PresentedChallenge[] };
      const loyalty = body.data
        .flatMap((challenge) => challenge.subChallenges)
        .find((challenge) => challenge.challengeId === untradeables);
      expect(loyalty?.solutions).toEqual([]);
      expect(loyalty?.unsolvableReason).toMatch(/cannot be met/);
      // The set solved earlier by the suite carries no reason.
      const goldUpgrade = body.data.find((challenge) => challenge.challengeId === 'set-1001');
      expect(goldUpgrade?.unsolvableReason).toBeUndefined();
    },
    hubSuite.timeout,
  );

  it(
    "starts on the account's own squad: a challenge of untradeable cards is solved with the club's",
    async () => {
      const { browser, accountId, simAccount } = await sbcBuyer(sbc, 'loyalty');
      browser.send('SBC_READ_CLUB', { id: accountId });
      await browser.waitFor(
        (message) => message.action === 'SBC_CLUB' && message.data.accountId === accountId,
        'the club read',
      );
      const answer = await browser.http.get(`/api/sbc/club/${accountId}/solution/${untradeables}`);
      expect(answer.status).toBe(200);
      const squad = (
        answer.body as {
          data: { cost: number; players: { definitionId: number; price: number; owned: boolean }[] };
        }
      ).data;
      expect(squad.players.filter((player) => player.owned).length).toBeGreaterThanOrEqual(3);
      await listOnSandboxMarket(
        sbc.stack,
        squad.players.filter((one) => !one.owned),
      );

      // No stored solution to pick: the page sends the club squad's id for the challenge.
      startClubSquad(browser, accountId);
      const finished = await browser.waitFor(
        (message) =>
          (message.action === 'SBC_FINISH_SOLVER' || message.action === 'ERROR') &&
          message.data.accountId === accountId,
        'the solver to finish',
      );
      expect(finished.data).toMatchObject({ costs: squad.cost, description: solvedSbcWith(squad.cost) });
      const progress = await simAdmin<{ challengeId: number; timesCompleted: number }[]>(
        sbc.stack,
        'GET',
        `/accounts/${simAccount.id}/sbc`,
      );
      expect(progress.find((entry) => entry.challengeId === 2130)?.timesCompleted).toBe(1);
    },
    hubSuite.timeout,
  );

  it(
    'refuses a club squad start on an account whose club was not read, saying what to do',
    async () => {
      const { browser, accountId } = await sbcBuyer(sbc, 'unread');
      startClubSquad(browser, accountId);
      expect(await browser.waitForError()).toBe(
        "This challenge needs the account's own cards and no squad from its club was found: read the club, then start again",
      );
    },
    hubSuite.timeout,
  );
});
