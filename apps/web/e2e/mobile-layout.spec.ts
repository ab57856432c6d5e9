import { messages } from '@tradedesk/domain';
import type { Locator, Page } from '@playwright/test';
import { expect, signInNewUser, test } from './support/fixtures';
import { createGameAccount } from './support/game-accounts';
import { uniqueName } from './support/names';

// A phone's width; Chromium here draws classic scrollbars, as a narrow desktop window does.
test.use({ viewport: { width: 375, height: 740 } });

/** How far the page scrolls sideways (0: it does not). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 375 px the shared modal on /sbc is centred and /snipe does not scroll sideways', async ({
  page,
  server,
}) => {
  await signInNewUser(page, server.baseURL, { username: uniqueName('mobile'), tier: 'Snipe', linked: true });

  await page.goto('/sbc');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = await dialog.locator('.modal-box').boundingBox();
  const viewportWidth = await page.evaluate(() => window.innerWidth);
  expect(box).not.toBeNull();
  const leftMargin = box?.x ?? 0;
  const rightMargin = viewportWidth - (box ? box.x + box.width : 0);
  expect(Math.abs(leftMargin - rightMargin)).toBeLessThanOrEqual(1);

  await page.goto('/snipe');
  await expect(page.getByRole('heading', { level: 1, name: 'Snipe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'General Configuration' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});

/** The /snipe header's icon buttons, left to right. */
const snipeHeaderButtons = [
  'Create Account',
  'Refresh Accounts',
  'Time Configuration',
  'Advanced Configuration',
  'Notification Configuration',
  'Market Configuration',
  'General Configuration',
];

/** Where a daisyUI tooltip draws its tip (the host's ::before, placed by its left offset and translation). */
const tipEdges = (tooltip: Locator) =>
  tooltip.evaluate((host) => {
    const tip = getComputedStyle(host, '::before');
    const shift = tip.transform === 'none' ? 0 : new DOMMatrix(tip.transform).e;
    const left = host.getBoundingClientRect().left + parseFloat(tip.left) + shift;
    return { text: tip.content, left, right: left + parseFloat(tip.width) };
  });

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("/snipe's header buttons share one row and each tip stays on the screen", async ({ page, server }) => {
    await signInNewUser(page, server.baseURL, {
      username: uniqueName('narrow'),
      tier: 'Snipe',
      linked: true,
    });
    await page.goto('/snipe');
    await expect(page.getByRole('heading', { level: 1, name: 'Snipe' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);

    const viewportWidth = await page.evaluate(() => window.innerWidth);
    const rows = new Set<number | undefined>();
    for (const label of snipeHeaderButtons) {
      const button = page.getByRole('button', { name: label });
      rows.add((await button.boundingBox())?.y);
      await button.hover();
      const tip = await tipEdges(button.locator('xpath=..'));
      expect(tip.text).toBe(`"${label}"`);
      expect(tip.left, `${label}'s tip starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(tip.right, `${label}'s tip ends on the screen`).toBeLessThanOrEqual(viewportWidth);
    }
    expect(rows.size).toBe(1);
  });
});

test("at 375 px /admin keeps each user's actions on one line (the table scrolls sideways)", async ({
  page,
  server,
}) => {
  const admin = await signInNewUser(page, server.baseURL, {
    username: uniqueName('phoneadmin'),
    admin: true,
  });
  await page.goto('/admin');
  const row = page.getByRole('row').filter({ hasText: admin.username });
  const firstAction = await row.getByRole('button', { name: '3-day Snipe trial' }).boundingBox();
  const lastAction = await row.getByRole('button', { name: 'Orders' }).boundingBox();
  expect(firstAction).not.toBeNull();
  expect(lastAction?.y).toBe(firstAction?.y);
  expect(await sidewaysOverflow(page)).toBe(0);
});

test.describe('at 390 px (a phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("/marketplace shows each listing as a card with every column's title, no sideways scroll", async ({
    page,
    server,
  }) => {
    await signInNewUser(page, server.baseURL, {
      username: uniqueName('phonemarket'),
      tier: 'Transfer',
      linked: true,
    });
    // Another trader's listing (made here, as listing real coins takes a synced game account).
    const listing = {
      id: 'listing-1',
      platform: 'pc',
      coins: 12_500_000,
      averageCoinsPerAccount: 6_250_000,
      price: 9.5,
      createdAt: '2026-01-15T12:00:00.000Z',
      accountIds: ['a1', 'a2'],
      isOwn: false,
      isOpen: true,
      closedReason: '',
    };
    await page.route(
      (url) => url.pathname === '/api/market/coins',
      (route) => route.fulfill({ json: { data: [listing] } }),
    );
    await page.goto('/marketplace');
    const row = page.getByRole('row').filter({ hasText: '12,500,000' });
    await expect(row).toBeVisible({ timeout: 30_000 });

    const table = page.getByRole('table');
    const hiddenSideways = await table.evaluate(
      (element) => (element.parentElement?.scrollWidth ?? 0) - (element.parentElement?.clientWidth ?? 0),
    );
    expect(hiddenSideways).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    const viewportWidth = await page.evaluate(() => window.innerWidth);
    // Every column is on the screen with its title before it, and so is the row's button.
    for (const [title, text] of [
      ['Platform', 'PC'],
      ['Amount', '12,500,000'],
      ['Average coins per account', '6,250,000'],
      ['Price', '€9.50 / 100K'],
    ]) {
      const cell = row.getByRole('cell').filter({ hasText: text }).first();
      const shownTitle = await cell.evaluate((element) => getComputedStyle(element, '::before').content);
      expect(shownTitle).toBe(`"${title}"`);
      const box = await cell.boundingBox();
      expect(box && box.x + box.width, `${title} ends on the screen`).toBeLessThanOrEqual(viewportWidth);
    }
    const purchase = await row.getByRole('button', { name: 'Purchase' }).boundingBox();
    expect(purchase && purchase.x + purchase.width).toBeLessThanOrEqual(viewportWidth);
  });

  test('/sbc shows each account as a card and Start Solver on the screen, no sideways scroll', async ({
    page,
    server,
  }) => {
    await signInNewUser(page, server.baseURL, {
      username: uniqueName('phonesbc'),
      tier: 'Snipe',
      linked: true,
    });
    await page.goto('/sbc');
    const accounts = page.getByRole('region', { name: 'Accounts' });
    const email = `${uniqueName('phonesbc')}@example.com`;
    await createGameAccount(page, accounts, email);
    const row = page.getByRole('row', { name: email });
    await expect(row).toBeVisible();

    const table = accounts.getByRole('table');
    const hiddenSideways = await table.evaluate(
      (element) => (element.parentElement?.scrollWidth ?? 0) - (element.parentElement?.clientWidth ?? 0),
    );
    expect(hiddenSideways).toBe(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    const viewportWidth = await page.evaluate(() => window.innerWidth);
    const emailCell = row.getByRole('cell').filter({ hasText: email });
    expect(await emailCell.evaluate((element) => getComputedStyle(element, '::before').content)).toBe(
      '"Email"',
    );
    const emailBox = await emailCell.boundingBox();
    expect(emailBox && emailBox.x + emailBox.width, 'the e-mail ends on the screen').toBeLessThanOrEqual(
      viewportWidth,
    );

    const startSolver = row.getByRole('button', { name: 'Start Solver' });
    await expect(startSolver).toBeInViewport();
    const box = await startSolver.boundingBox();
    expect(box && box.x + box.width, 'Start Solver ends on the screen').toBeLessThanOrEqual(viewportWidth);
    // It answers a tap: with no solution chosen yet, it says what to do first.
    await startSolver.click();
    await expect(page.getByRole('status').filter({ hasText: messages.selectSolution })).toBeVisible();
  });
});
