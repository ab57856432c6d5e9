import { solverStartingMessage } from '@tradedesk/domain';
import type { Page } from '@playwright/test';
import { docScreenshot } from './support/doc-screenshot';
import { expect, test } from './support/fixtures';
import { createGameAccount } from './support/game-accounts';
import { signUpThroughCheckout } from './support/journey';
import { uniqueName } from './support/names';

/** A challenge of the accordion by its exact name (names may share words). */
const challengeCard = (page: Page, name: string) =>
  page.getByTestId('challenge').filter({ has: page.getByText(name, { exact: true }) });

/** The figure of a "12,345"-style text. */
const coinsOf = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test('from a fresh sign-up: a new game account solves the Daily Gold Upgrade to "Successfully solved"', async ({
  page,
}) => {
  // A sign-up, the catalogue's first solve, a club read, eleven searches and buys: minutes when loaded.
  test.setTimeout(600_000);
  await signUpThroughCheckout(page, 'Snipe — Season');

  await page.goto('/sbc');
  await expect(page.getByRole('heading', { name: 'Squad Building Challenges' })).toBeVisible({
    timeout: 30_000,
  });
  const accounts = page.getByRole('region', { name: 'Accounts' });
  const email = `journey.sbc.${uniqueName()}@example.com`;
  await createGameAccount(page, accounts, email);
  const row = accounts.getByRole('row', { name: email });

  // The squad of a challenge, from the account's own club once read.
  await row.getByRole('button', { name: 'Read club' }).click();
  await expect(row.getByLabel('Club')).toContainText('players, read', { timeout: 120_000 });

  const challenge = challengeCard(page, 'Daily Gold Upgrade');
  await challenge.getByRole('button').first().click();
  const cost = challenge.getByLabel('Solution cost');
  await expect(cost).toBeVisible({ timeout: 300_000 });
  await challenge.getByRole('button', { name: 'Select solution' }).click();

  await row.getByRole('button', { name: 'Start Solver' }).click();
  const modal = page.getByRole('dialog', { name: 'SBC Solver' });
  // The solver window's estimate is the cost the challenge shows (issue 26: 2,950 beside 3,250).
  const shown = coinsOf(await cost.textContent());
  await expect(modal.getByText(/^Estimated cost: /)).toHaveText(
    `Estimated cost: ${shown.toLocaleString('en-US')} coins`,
  );
  await modal.getByRole('button', { name: 'Start' }).click();
  // The row says what the wait is for: the server fits the squad to the club before the run starts,
  // which queues behind the catalogue's own solve on a busy machine.
  await expect(row.getByText(solverStartingMessage)).toBeVisible();
  await expect(page.getByText('SBC solver started').first()).toBeVisible({ timeout: 180_000 });

  const solved = row.getByText(/^Successfully solved SBC with [\d,]+ coins$/);
  await expect(solved).toBeVisible({ timeout: 400_000 });
  await expect(page.getByRole('region', { name: 'SBCs Solved' })).toContainText('1');
  await docScreenshot(page, 'sbc-solved-light-desktop.png', { fullPage: true });
});
