import { solverStartingMessage } from '@tradedesk/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInNewUser, test } from './support/fixtures';
import { docScreenshot } from './support/doc-screenshot';
import { createGameAccount, gameAccountSecrets } from './support/game-accounts';
import { uniqueName } from './support/names';
import { plantListing, simAdmin } from './support/sandbox-admin';
import type { RunningServer } from './support/server';

// The server starts with SIM_ADMIN_KEY: the test makes the game account and lists the squad's cards.
test.use({ withSandboxAdmin: true });

/** The daily gold upgrade: one challenge (golds only, team rating 75), 2,500 coins as its reward. */
const goldUpgrade = { id: 'set-1001', name: 'Daily Gold Upgrade', gameChallengeId: 2001, rewardCoins: 2_500 };

interface Solution {
  solutionId: string;
  cost: number;
  players: { definitionId: number; price: number }[];
}
interface Challenge {
  challengeId: string;
  name: string;
  solutions: Solution[];
  subChallenges: Challenge[];
}

/** The challenges once the server has solved the gold upgrade (prices arrive from the feeds first). */
async function challengesWithSolution(request: APIRequestContext): Promise<Challenge[]> {
  let challenges: Challenge[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/sbc/challenges');
        challenges = ((await response.json()) as { data?: Challenge[] }).data ?? [];
        return (
          challenges.find((challenge) => challenge.challengeId === goldUpgrade.id)?.solutions.length ?? 0
        );
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  return challenges;
}

/** A challenge of the accordion by its exact name (names may share words). */
const challengeCard = (page: Page, name: string) =>
  page.getByTestId('challenge').filter({ has: page.getByText(name, { exact: true }) });

const signIn = (page: Page, server: RunningServer, options: { admin?: boolean } = {}) =>
  signInNewUser(page, server.baseURL, {
    username: uniqueName('sbc'),
    tier: 'Snipe',
    linked: true,
    ...options,
  });

test('the solver buys the squad of a solution, submits it in the sandbox and reports its cost', async ({
  page,
  server,
}) => {
  // Solving the standard set, two sign-ins and eleven purchases: minutes on a busy machine.
  test.setTimeout(420_000);
  const email = `sbc.${uniqueName()}@example.com`;
  const account = await simAdmin<{ id: number; coins: number }>(server, 'POST', '/accounts', {
    email,
    ...gameAccountSecrets,
    platform: 'pc',
    coins: 500_000,
  });
  await signIn(page, server);
  const challenges = await challengesWithSolution(page.request);
  const solution = challenges.find((challenge) => challenge.challengeId === goldUpgrade.id)!.solutions[0]!;
  // Every card of the squad is on the market at its solution price (the bot never pays more than +10 %).
  for (const player of solution.players)
    await plantListing(server, {
      definitionId: player.definitionId,
      platform: 'pc',
      buyNowPrice: player.price,
    });

  await page.goto('/sbc');
  await expect(page.getByRole('heading', { name: 'Squad Building Challenges' })).toBeVisible({
    timeout: 30_000,
  });
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await createGameAccount(page, accounts, email);

  // Starting before a solution is chosen says so.
  const row = accounts.getByRole('row', { name: email });
  await row.getByRole('button', { name: 'Start Solver' }).click();
  await expect(page.getByText('Please select a solution to start solver')).toBeVisible();

  // Opening the challenge shows its squad and cost, and selects its solution.
  await challengeCard(page, goldUpgrade.name).getByRole('button').first().click();
  const view = page.getByRole('region', { name: 'Solution' });
  await expect(view.getByLabel('Solution cost')).toHaveText(solution.cost.toLocaleString('en-US'));
  await expect(view.getByRole('listitem')).toHaveCount(11);

  await row.getByRole('button', { name: 'Start Solver' }).click();
  const modal = page.getByRole('dialog', { name: 'SBC Solver' });
  await expect(modal.getByLabel('Search Speed (ms)')).toHaveValue('3500');
  await expect(modal.getByLabel('Max Purchase Attempts')).toHaveValue('3');
  await expect(modal.getByLabel('Repetitions')).toHaveValue('1');
  await expect(modal.getByLabel('Steps')).toBeDisabled();
  await modal.getByLabel('Search Speed (ms)').fill('1000');
  await modal.getByRole('button', { name: 'Start' }).click();
  // The row says what the wait is for: the server fits the squad to the club before the run starts,
  // which queues behind the catalogue's own solve on a busy machine.
  await expect(row.getByText(solverStartingMessage)).toBeVisible();
  await expect(page.getByText('SBC solver started').first()).toBeVisible({ timeout: 180_000 });

  const solved = page.getByText(/^Successfully solved SBC with [\d,]+ coins$/).first();
  await expect(solved).toBeVisible({ timeout: 240_000 });
  const coins = Number((await solved.textContent())?.match(/with ([\d,]+) coins/)?.[1]?.replaceAll(',', ''));
  expect(coins).toBeGreaterThan(0);

  // The account paid exactly that (and got the challenge's reward); the challenge is done in the game.
  const after = await simAdmin<{ coins: number }>(server, 'GET', `/accounts/${account.id}`);
  expect(after.coins).toBe(account.coins - coins + goldUpgrade.rewardCoins);
  const progress = await simAdmin<{ challengeId: number; timesCompleted: number }[]>(
    server,
    'GET',
    `/accounts/${account.id}/sbc`,
  );
  expect(progress.find((entry) => entry.challengeId === goldUpgrade.gameChallengeId)?.timesCompleted).toBe(1);
  await expect(page.getByRole('region', { name: 'Coins Spent' })).toContainText(
    coins.toLocaleString('en-US'),
  );
  await expect(page.getByRole('region', { name: 'SBCs Solved' })).toContainText('1');

  // The bell keeps the run's outcome, on any page and after a reload.
  await page.goto('/players');
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
    `Successfully solved SBC with ${coins.toLocaleString('en-US')} coins for ${email}`,
  );
});

test('an admin deletes a challenge after confirming; anyone else gets 403', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(300_000);
  await signIn(page, server);
  const challenges = await challengesWithSolution(page.request);
  const target = challenges.find(
    (challenge) => challenge.subChallenges.length === 0 && challenge.challengeId !== goldUpgrade.id,
  )!;
  const refused = await page.request.delete(`/api/sbc/challenge/${target.challengeId}`);
  expect(refused.status()).toBe(403);
  await page.goto('/sbc');
  await expect(challengeCard(page, target.name)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL: server.baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, server, { admin: true });
  await admin.goto('/sbc');
  const card = challengeCard(admin, target.name);
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete challenge' });
  await expect(confirm).toContainText(target.name);
  const deleted = admin.waitForResponse(
    (response) => response.url().includes('/api/sbc/challenge/') && response.request().method() === 'DELETE',
  );
  const reloaded = admin.waitForEvent('load');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // The page reloads on success, which drops the answer's body: the status is what stays readable
  // (the message itself is asserted by the API test).
  expect((await deleted).status()).toBe(200);
  await reloaded;
  // After the reload the challenge is gone, for everyone, and the reloaded page says so.
  await expect(challengeCard(admin, target.name)).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(admin.getByText('Challenge deleted')).toBeVisible();
  const list = (await (await page.request.get('/api/sbc/challenges')).json()) as { data: Challenge[] };
  expect(list.data.some((challenge) => challenge.challengeId === target.challengeId)).toBe(false);
  await adminContext.close();
});

test("after Read club, the squad uses the account's own cards: each player Owned or To buy", async ({
  page,
  server,
}) => {
  test.setTimeout(300_000);
  const email = `sbc.club.${uniqueName()}@example.com`;
  const account = await simAdmin<{ id: number }>(server, 'POST', '/accounts', {
    email,
    ...gameAccountSecrets,
    platform: 'pc',
  });
  await signIn(page, server);
  const challenges = await challengesWithSolution(page.request);
  const solution = challenges.find((challenge) => challenge.challengeId === goldUpgrade.id)!.solutions[0]!;
  // The account owns an untradeable copy of each card of the market's squad (worth at most half its price).
  for (const player of solution.players)
    await simAdmin(server, 'POST', `/accounts/${account.id}/items`, {
      definitionId: player.definitionId,
      count: 1,
      place: 'club',
      untradeable: true,
    });

  await page.goto('/sbc');
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await createGameAccount(page, accounts, email);
  const row = accounts.getByRole('row', { name: email });
  await expect(row.getByLabel('Club')).toHaveText('Not read');
  await row.getByRole('button', { name: 'Read club' }).click();
  // The sandbox's starter club (18 untradeable players, 5 tradeable rare golds) and the eleven copies.
  await expect(row.getByLabel('Club')).toContainText('34 players, read', { timeout: 60_000 });

  await challengeCard(page, goldUpgrade.name).getByRole('button').first().click();
  const view = page.getByRole('region', { name: 'Solution' });
  await expect(view.getByText('Owned').first()).toBeVisible({ timeout: 30_000 });
  await expect(view.getByRole('listitem')).toHaveCount(11);
  const badges = await view
    .getByRole('listitem')
    .evaluateAll((spots) => spots.map((spot) => spot.querySelector('.badge')?.textContent));
  expect(badges.every((badge) => badge === 'Owned' || badge === 'To buy')).toBe(true);
  // Owned cards are not bought: the cost to buy is below the market squad's.
  const cost = Number((await view.getByLabel('Solution cost').textContent())?.replace(/\D/g, ''));
  expect(cost).toBeLessThan(solution.cost);
  await docScreenshot(page, 'sbc-owned-light-desktop.png', { fullPage: true });
});

test('on a phone each line of the squad stays one row, left wing on the left', async ({ page, server }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, server);
  await challengesWithSolution(page.request);
  await page.goto('/sbc');
  await challengeCard(page, goldUpgrade.name).getByRole('button', { name: goldUpgrade.name }).click();
  const pitch = page.getByRole('region', { name: 'Solution' });
  const lines = pitch.getByRole('list');
  await expect(lines).toHaveCount(4);
  for (const line of await lines.all()) {
    const tops = await line
      .getByRole('listitem')
      .evaluateAll((spots) => spots.map((spot) => Math.round(spot.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'a line wrapped onto a second row').toBe(1);
  }
  const across = async (position: string) =>
    (await pitch.getByRole('listitem', { name: new RegExp(`^${position} `) }).boundingBox())?.x ?? NaN;
  expect(await across('LB')).toBeLessThan(await across('RB'));
});
