import { createSandboxUser } from './support/server';
import { expect, signInThroughForm, test } from './support/fixtures';

test('signing in on a second device offers to sign the first one out', async ({ browser, server }) => {
  const trader = await createSandboxUser(server.baseURL, {
    username: `dev${Date.now().toString(36)}`,
    tier: 'Snipe',
    linked: true,
  });
  // A different user agent gives the second browser a different fingerprint.
  const first = await browser.newContext({ baseURL: server.baseURL });
  const second = await browser.newContext({ baseURL: server.baseURL, userAgent: 'Mozilla/5.0 SecondDevice' });
  const firstPage = await first.newPage();
  const secondPage = await second.newPage();

  await signInThroughForm(firstPage, trader);
  await expect(firstPage.getByRole('heading', { name: `Welcome back, ${trader.username}` })).toBeVisible();

  await signInThroughForm(secondPage, trader);
  await expect(secondPage.getByText('This account is signed in on another device')).toBeVisible();
  await secondPage.getByRole('button', { name: 'Sign out the other device' }).click();
  await expect(secondPage.getByRole('heading', { name: `Welcome back, ${trader.username}` })).toBeVisible();

  // The first device's session has ended: its next check sends it to /login.
  await firstPage.reload();
  await expect(firstPage).toHaveURL(/\/login/);

  await first.close();
  await second.close();
});
