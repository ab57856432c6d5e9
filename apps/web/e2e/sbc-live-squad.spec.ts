import { expect, signInNewUser, test } from './support/fixtures';
import { createGameAccount, gameAccountSecrets } from './support/game-accounts';
import { uniqueName } from './support/names';
import { simAdmin } from './support/sandbox-admin';

// An account squad's first answer gets a tiny budget, so it is unproven at first; the background
// refinement (up to SBC_SOLVE_LIMIT_MS of work) then finds cheaper squads and proves the last one.
test.use({ withSandboxAdmin: true, serverEnv: { SBC_FIRST_WORK_MS: '5', SBC_SOLVE_LIMIT_MS: '2000' } });

/** The standard set's "Mix and Match" and its challenge that the refinement proves. */
const challengeSet = 'Mix and Match';
const challengeName = 'Rare English';

const costOf = (text: string | null) => Number(text?.replace(/\D/g, ''));

test('an unproven squad gets cheaper and turns proven cheapest on the open page, without a reload', async ({
  page,
  server,
}) => {
  test.setTimeout(300_000);
  const email = `sbc.live.${uniqueName()}@example.com`;
  await simAdmin(server, 'POST', '/accounts', { email, ...gameAccountSecrets, platform: 'pc' });
  await signInNewUser(page, server.baseURL, { username: uniqueName('sbc'), tier: 'Snipe', linked: true });
  // The challenges arrive with the game's feed; the page shows an account's squad once the
  // catalogue has solved the challenge too.
  type Listed = { name: string; solutions: unknown[]; subChallenges: Listed[] };
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/sbc/challenges');
        const challenges = ((await response.json()) as { data?: Listed[] }).data ?? [];
        const sub = challenges
          .find((challenge) => challenge.name === challengeSet)
          ?.subChallenges.find((challenge) => challenge.name === challengeName);
        return sub?.solutions.length ?? 0;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);

  await page.goto('/sbc');
  const accounts = page.getByRole('region', { name: 'Accounts' });
  await createGameAccount(page, accounts, email);
  const row = accounts.getByRole('row', { name: email });
  await row.getByRole('button', { name: 'Read club' }).click();
  await expect(row.getByLabel('Club')).toContainText('players, read', { timeout: 60_000 });
  // A marker a reload would drop.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  const set = page.getByTestId('challenge').filter({ has: page.getByText(challengeSet, { exact: true }) });
  await set.getByRole('button').first().click();
  await set.getByRole('button', { name: challengeName }).click();
  const view = page.getByRole('region', { name: 'Solution' });
  const cost = view.getByLabel('Solution cost');
  // The first answer: unproven, with its gap.
  await expect(view.getByText('above the cheapest possible')).toBeVisible({ timeout: 60_000 });
  const first = costOf(await cost.textContent());
  expect(first).toBeGreaterThan(0);
  // Pushed over the socket: cheaper, then proven.
  await expect(view.getByText('(proven cheapest)')).toBeVisible({ timeout: 120_000 });
  expect(costOf(await cost.textContent())).toBeLessThan(first);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});
