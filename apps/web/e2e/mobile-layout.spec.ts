import type { Page } from '@playwright/test';
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
