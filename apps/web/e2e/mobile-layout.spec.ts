import type { Locator, Page } from '@playwright/test';
import { expect, signInNewUser, test } from './support/fixtures';
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
