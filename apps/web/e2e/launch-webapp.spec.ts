import { expect, signInNewUser, test } from './support/fixtures';
import { createGameAccount } from './support/game-accounts';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

test('Launch Account opens the account’s game web app, signed in, and says where', async ({
  page,
  server,
}) => {
  // The agent signs the account in, then opens a visible Chromium window (under Xvfb when there is no screen).
  test.slow();
  const email = `launch.${Date.now().toString(36)}@example.com`;
  await openSnipeDashboard(page, server.baseURL, 'launch');
  await createAccountThroughForm(page, { email });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  const launch = row.getByRole('button', { name: 'Launch Account' });
  await expect(launch).toBeEnabled();
  // Never read from the game: the balance is unknown, not 0.
  const coins = row.locator('td[data-label="Coins"] > div').first();
  await expect(coins).toHaveText('—');

  await launch.click();
  await expect(page.getByText('Launched webapp successfully')).toBeVisible({ timeout: 60_000 });
  const modal = page.getByRole('dialog', { name: 'Launch Webapp' });
  // This machine when the agent shares the desktop of the server's host, else the agent's host by name.
  await expect(modal.getByTestId('launch-webapp-location')).toContainText(
    /opened in a new browser window on this machine|opened (in a browser window )?on the agent's host \(.+\)/,
  );
  // Signed in: the window read the sandbox account's coins.
  await expect(modal.getByTestId('launch-webapp-location')).toContainText('Coins shown: 100,000');
  await modal.getByText('Close', { exact: true }).click();
  await expect(modal).toBeHidden();
  // The account stays idle: launching is not a run.
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
  // The row shows the balance the web app read, and still does after a reload.
  await expect(coins).toHaveText('100K');
  await page.reload();
  await expect(coins).toHaveText('100K');
});

test('Launch Webapp on the /transfer panel takes the same path', async ({ page, server }) => {
  test.slow();
  const email = `launch.buyer.${Date.now().toString(36)}@example.com`;
  await signInNewUser(page, server.baseURL, {
    username: `launch${Date.now().toString(36)}`,
    tier: 'Transfer',
    linked: true,
    credits: 3,
  });
  await page.goto('/transfer');
  const buyer = page.getByRole('region', { name: 'Buyer', exact: true });
  await createGameAccount(page, buyer, email);
  await buyer.getByRole('combobox', { name: 'Buyer account' }).selectOption({ label: email });
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();

  await buyer.getByRole('button', { name: 'Launch Webapp' }).click();
  await expect(page.getByText('Launched webapp successfully')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('dialog', { name: 'Launch Webapp' }).getByTestId('launch-webapp-location'),
  ).toContainText('Coins shown: 100,000');
});
