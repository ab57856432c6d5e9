import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createSandboxUser } from './support/server';

// LOG_LEVEL=info: the sandbox prints each issued sign-in code to the server log, where a
// person rehearsing in the sandbox reads it.
test.use({ withSandboxAdmin: true });

test('signs in on /login with a username and a one-time code, beside the token login', async ({
  page,
  server,
}) => {
  const user = await createSandboxUser(server.baseURL, {
    username: `code${Date.now().toString(36)}`,
    tier: 'Snipe',
    linked: true,
  });
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: 'Licence token' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'One-time code' }).click();
  const form = page.getByRole('form', { name: 'Sign in with a code' });
  await form.getByLabel('Username').fill(user.username);
  await form.getByRole('button', { name: 'Send code' }).click();
  await expect(
    page.getByText('If the user exists, a sign-in code was issued.', { exact: false }),
  ).toBeVisible();
  await expect
    .poll(() => new RegExp(`sign-in code for ${user.username}: (\\S+)`).exec(server.output())?.[1])
    .toBeTruthy();
  const code = new RegExp(`sign-in code for ${user.username}: (\\S+)`).exec(server.output())![1]!;

  await form.getByLabel('Code').fill('WRONG000');
  await form.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByText('Invalid username or code')).toBeVisible();

  await form.getByLabel('Code').fill(code);
  await form.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByText('Invalid username or code')).toHaveCount(0);
  // The session reaches the tools: the snipe dashboard opens and its live connection comes up.
  await page.goto('/snipe');
  await expect(page.getByText('No accounts found')).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
});

/** Signs `username` in on /login with the one-time code the sandbox prints to the server log. */
async function signInWithCode(page: Page, username: string, serverOutput: () => string) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'One-time code' }).click();
  const form = page.getByRole('form', { name: 'Sign in with a code' });
  await form.getByLabel('Username').fill(username);
  await form.getByRole('button', { name: 'Send code' }).click();
  const issued = new RegExp(`sign-in code for ${username}: (\\S+)`);
  await expect.poll(() => issued.exec(serverOutput())?.[1]).toBeTruthy();
  await form.getByLabel('Code').fill(issued.exec(serverOutput())![1]!);
  await form.getByRole('button', { name: 'Sign in with code' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

test('a user signed in with a one-time code gets the live connection on /transfer', async ({
  page,
  server,
}) => {
  const user = await createSandboxUser(server.baseURL, {
    username: `codet${Date.now().toString(36)}`,
    tier: 'Transfer',
    linked: true,
  });
  await signInWithCode(page, user.username, () => server.output());
  await page.goto('/transfer');
  // The page's chunk loads first (slow on a loaded machine); then the hub answers the join.
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
});
