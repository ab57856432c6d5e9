import { createSandboxUser } from './support/server';
import { expect, signInThroughForm, test } from './support/fixtures';
import { uniqueName } from './support/names';

test('the seeded demo user signs in and sees the tools of the snipe tier', async ({ page, server }) => {
  await signInThroughForm(page, server.demo);
  await expect(page.getByRole('heading', { name: 'Welcome back, demo' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Menu' }).hover();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'SBC' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Snipe' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Transfer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
});

test('a wrong token is refused with a readable message', async ({ page, server }) => {
  await signInThroughForm(page, { username: server.demo.username, token: 'not-the-token' });
  await expect(page.getByText('Invalid username or token')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty token says Invalid token', async ({ page }) => {
  await signInThroughForm(page, { username: 'demo', token: '' });
  await expect(page.getByText('Invalid token')).toBeVisible();
});

test('the chosen theme survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test('a user without a linked chat id only sees the Unverified account gate', async ({ page, server }) => {
  const unlinked = await createSandboxUser(server.baseURL, {
    username: uniqueName('gate'),
    tier: 'Snipe',
    linked: false,
  });
  await signInThroughForm(page, unlinked);
  await expect(page.getByRole('heading', { name: 'Unverified account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('heading', { name: 'Unverified account' })).toBeVisible();
});

test('logout ends the session and returns home', async ({ page, server }) => {
  const trader = await createSandboxUser(server.baseURL, {
    username: uniqueName('out'),
    tier: 'Transfer',
    linked: true,
  });
  await signInThroughForm(page, trader);
  await expect(page.getByRole('heading', { name: `Welcome back, ${trader.username}` })).toBeVisible();
  await page.goto('/players');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  // The server session is gone too: the user API refuses the old cookie.
  const response = await page.request.get('/api/user');
  expect(response.status()).toBe(401);
});

test('iframe=true hides the navigation bar and the footer', async ({ page }) => {
  await page.goto('/players?iframe=true');
  await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Legal' })).toHaveCount(0);

  await page.goto('/players');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();
});

test('an unknown address answers 404 and shows the not-found page where it is', async ({ page }) => {
  const answer = await page.goto('/this/page/does/not/exist');
  expect(answer?.status()).toBe(404);
  await expect(page).toHaveURL(/\/this\/page\/does\/not\/exist$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Trade Desk');
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a tool page asks visitors to sign in and brings them back afterwards', async ({ page, server }) => {
  await page.goto('/snipe');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsnipe$/);
  await page.getByLabel('Username').fill(server.demo.username);
  await page.getByLabel('Token').fill(server.demo.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/snipe$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test("a signed-in tool page asks for its own code before the app runs; a visitor's does not", async ({
  page,
  server,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/^\/assets\/snipe-[\w-]+\.js$/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await signInThroughForm(page, server.demo);
  await expect(page.getByRole('heading', { name: 'Welcome back, demo' })).toBeVisible();
  // The app's entry never arrives: what asks for the dashboard's code is the page's own HTML.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/snipe');
  await expect.poll(() => asked.length).toBeGreaterThan(0);

  // Signed out, the page would send the visitor to /login: its code is not asked for.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  asked.length = 0;
  await page.goto('/snipe');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});

test('a sandbox sign-in code the server issued shows in the notifications after signing in', async ({
  page,
  server,
}) => {
  const user = await createSandboxUser(server.baseURL, {
    username: uniqueName('code'),
    tier: 'Snipe',
    linked: true,
  });
  const issued = await page.request.post('/api/auth/code', { data: { username: user.username } });
  expect(issued.status()).toBe(200);
  await signInThroughForm(page, user);
  await page.getByRole('button', { name: 'Notifications (1 unread)' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
    /Your sign-in code is \S{8}/,
  );
});
