import type { Browser, Page } from '@playwright/test';
import { docScreenshot } from './support/doc-screenshot';
import { expect, signInThroughForm, test } from './support/fixtures';
import { signUpThroughCheckout } from './support/journey';
import type { RunningServer } from './support/server';

// The operator reads the start log, where the server says whom ADMIN_USERNAMES made admin (an info line).
test.use({ serverEnv: { LOG_LEVEL: 'info' } });

/** A signed-out browser of its own on the server's current address (a restart moves it). */
async function freshBrowser(browser: Browser, server: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  return context.newPage();
}

/** The challenges of /sbc, once the catalogue has synced them. */
async function openChallenges(page: Page) {
  await page.goto('/sbc');
  const challenges = page.getByRole('region', { name: 'Challenges' });
  await expect(challenges.getByTestId('challenge').first()).toBeVisible({ timeout: 120_000 });
  return challenges;
}

test('the first admin, made as the README says, deletes a challenge after confirming; a non-admin cannot', async ({
  browser,
  server,
}) => {
  // Two sign-ups through the checkout, a restart of the server, the catalogue's first sync twice.
  test.setTimeout(480_000);
  // A person signs up and reads their username on their profile (README, "The first admin", step 1).
  const person = await freshBrowser(browser, server);
  const { token } = await signUpThroughCheckout(person, 'Snipe — Season');
  const username = ((await person.getByRole('heading', { name: /^Welcome back, / }).textContent()) ?? '')
    .replace('Welcome back, ', '')
    .trim();
  expect(username).toMatch(/^trader_/);
  // Not an admin yet: no delete on the challenges, and /admin refuses.
  const before = await openChallenges(person);
  await expect(before.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await person.goto('/admin');
  await expect(person.getByText('Only an admin may do this')).toBeVisible();
  await person.context().close();

  // Step 2: the operator starts the server again with ADMIN_USERNAMES naming them.
  await server.restart({ ADMIN_USERNAMES: username });
  expect(server.output()).toContain(`Admin role given to ${username} (ADMIN_USERNAMES)`);

  // The admin signs in and, through the page only, deletes a challenge after confirming.
  const admin = await freshBrowser(browser, server);
  await signInThroughForm(admin, { username, token });
  await expect(admin.getByRole('heading', { name: `Welcome back, ${username}` })).toBeVisible();
  const challenges = await openChallenges(admin);
  const target = challenges
    .getByTestId('challenge')
    .filter({ has: admin.getByRole('button', { name: 'Delete' }) })
    .first();
  // Its name is the header's text without the expiry shown after it.
  const header = (await target.getByRole('button').first().textContent()) ?? '';
  const expiry = (await target.getByLabel('Expires in').textContent()) ?? '';
  const name = header.slice(0, header.length - expiry.length).trim();
  const named = (page: Page) =>
    page.getByTestId('challenge').filter({ has: page.getByText(name, { exact: true }) });
  await expect(named(admin)).toHaveCount(1);

  await target.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete challenge' });
  await expect(confirm).toContainText(`Delete ${name}? It disappears for every user.`);
  // Cancelling keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(named(admin)).toHaveCount(1);

  await target.getByRole('button', { name: 'Delete' }).click();
  await docScreenshot(admin, 'sbc-admin-delete-dialog.png');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Challenge deleted')).toBeVisible({ timeout: 30_000 });
  await expect(named(admin)).toHaveCount(0);
  await admin.goto('/admin');
  await expect(admin.getByText('Only an admin may do this')).toHaveCount(0);
  await docScreenshot(admin, 'admin-light-desktop.png', { fullPage: true });
  await admin.context().close();

  // Another new user is no admin: no delete, /admin refuses, and the challenge is gone for them too.
  const other = await freshBrowser(browser, server);
  await signUpThroughCheckout(other, 'Coin Transfer — Season');
  const theirs = await openChallenges(other);
  await expect(theirs.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(named(other)).toHaveCount(0);
  await other.goto('/admin');
  await expect(other.getByText('Only an admin may do this')).toBeVisible();
  await other.context().close();
});
