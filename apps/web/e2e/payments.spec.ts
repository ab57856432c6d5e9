import { docScreenshot } from './support/doc-screenshot';
import { expect, signInNewUser, test } from './support/fixtures';
import { signInAndLinkCommunity } from './support/journey';
import { uniqueName } from './support/names';
import { createSandboxUser } from './support/server';

/** A referrer's own code, read through the API as their browser would. */
async function referralCodeOf(baseURL: string, user: { username: string; token: string }) {
  const signIn = await fetch(`${baseURL}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, fingerprint: `fp-${user.username}`, isIFrame: false }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const response = await fetch(`${baseURL}/api/referral`, { headers: { cookie } });
  const body = (await response.json()) as { data: { code: string } };
  return body.data.code;
}

test('a visitor buys a plan with a referral code, signs in with the token, links the community and reaches /snipe', async ({
  page,
  server,
}) => {
  const referrer = await createSandboxUser(server.baseURL, {
    username: uniqueName('ref'),
    tier: 'Snipe',
    linked: true,
  });
  const code = await referralCodeOf(server.baseURL, referrer);

  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Season', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const referralInput = page.getByPlaceholder('Enter your referral code');
  await referralInput.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Referral code is valid')).toBeVisible();
  await expect(referralInput).toHaveAttribute('readonly', '');

  await page.getByTestId('plan-table').getByRole('button', { name: 'Buy Snipe — Season' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await expect(page.getByText('Referral discount')).toBeVisible();
  await page.getByRole('button', { name: 'Pay €69.99' }).click();

  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const username = (await page.getByTestId('new-username').textContent()) ?? '';
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(username).toMatch(/^trader_/);
  expect(token).toHaveLength(40);

  await signInAndLinkCommunity(page, { username, token });
  await page.goto('/snipe');
  await expect(page.getByRole('heading', { name: 'Snipe', exact: true })).toBeVisible();
});

test('the sandbox checkout page gets an answer to every request it makes', async ({ page }) => {
  await page.goto('/subscription');
  await page.getByTestId('plan-table').getByRole('button', { name: 'Buy Snipe — Season' }).click();
  const heading = page.getByRole('heading', { name: 'Sandbox checkout' });
  await expect(heading).toBeVisible();

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await page.reload();
  await expect(heading).toBeVisible();
  // The browser fetches the tab's icon out of Playwright's sight: the declared one, else /favicon.ico.
  const iconUrl = await page.evaluate(
    () =>
      document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ??
      new URL('/favicon.ico', window.location.href).href,
  );
  const iconStatus = iconUrl.startsWith('data:') ? 200 : (await page.request.get(iconUrl)).status();
  expect(iconStatus, `the icon ${iconUrl}`).toBe(200);
  expect(refused).toEqual([]);
});

test('a signed-in user buys credits and sees them on the profile', async ({ page, server }) => {
  await signInNewUser(page, server.baseURL, {
    username: uniqueName('credits'),
    tier: 'Transfer',
    linked: true,
  });
  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Buy credits' })).toBeDisabled();
  await page.getByRole('radio', { name: /60 credits/ }).check();
  await page.getByRole('button', { name: 'Buy credits' }).click();
  await page.getByRole('button', { name: 'Pay €9.99' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText('Your purchase has been added to your account.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  const profile = page.getByRole('region', { name: 'Your subscription' });
  await expect(profile.locator('.stat', { hasText: 'Credits' })).toContainText('60');
  await expect(profile.locator('.stat', { hasText: 'Joined' })).toBeVisible();
});

test('the buying pages render on desktop and phone widths: plan table above 768 px, cards at 768 px', async ({
  page,
}) => {
  for (const [width, height, suffix] of [
    [1280, 900, 'desktop'],
    [768, 1024, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Credit packages' })).toBeVisible();
    await expect(page.getByTestId('plan-table')).toBeVisible({ visible: width > 768 });
    await expect(page.getByTestId('plan-cards')).toBeVisible({ visible: width <= 768 });
    await docScreenshot(page, `subscription-light-${suffix}.png`, { fullPage: true });

    await page.goto('/coins');
    await expect(
      page.getByRole('region', { name: 'PC coins' }).getByRole('button', { name: 'Checkout' }),
    ).toBeDisabled();
    await page.getByLabel('Console quantity', { exact: true }).fill('5');
    await expect(page.getByTestId('coins-console-total')).toHaveText('€44.95');
    await docScreenshot(page, `coins-light-${suffix}.png`, { fullPage: true });

    await page.goto('/vps');
    await expect(page.getByRole('heading', { name: 'VPS Pro' })).toBeVisible();
    await docScreenshot(page, `vps-light-${suffix}.png`, { fullPage: true });
  }
});

test('the plans pages arrive with their prices, and the app takes them over on the first click without an error', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // As a crawler or a visitor without JS reads them: the bundled catalogue's prices are in the HTML.
  const vps = await (await page.request.get('/vps')).text();
  expect(vps).toContain('VPS Pro');
  expect(vps).toContain('€29.99');
  expect(await (await page.request.get('/coins')).text()).toContain('€11.99');

  // The app starts on the first intent: the click that started it is not lost.
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-table').getByText('€99.99').first()).toBeVisible();
  const month = page.getByRole('button', { name: 'Month (trial)' });
  await month.click();
  await expect(month).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('plan-table').getByText('€24.99').first()).toBeVisible();
  expect(errors).toEqual([]);
});
