import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

test.use({ viewport: { width: 1280, height: 900 } });

test('filters have a place of their own on /snipe, and Start Snipe fits a 900 px window', async ({
  page,
  server,
}) => {
  await openSnipeDashboard(page, server.baseURL, 'place');
  await createAccountThroughForm(page, { email: 'place@example.com' });

  await page.getByText('Filters', { exact: true }).click();
  const panel = page.getByRole('region', { name: 'Filter configuration' });
  await panel.getByRole('button', { name: 'Add filter' }).click();
  await panel.getByRole('button', { name: 'Normal Filter' }).click();
  const form = panel.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill('Made on the dashboard');
  const maxPrice = form.getByLabel('Max Buy Now Price', { exact: true });
  await maxPrice.fill('5000');
  await maxPrice.blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated filters')).toBeVisible();

  // The new filter is offered in the row's dropdown without opening Start Snipe.
  await expect(
    page.getByLabel('Filter for place@example.com').locator('option', { hasText: 'Made on the dashboard' }),
  ).toHaveCount(1);

  await page
    .getByRole('row', { name: /place@example\.com/ })
    .getByRole('button', { name: 'Start Snipe' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  // The user's only filter is already chosen: Start runs it without picking it again.
  await expect(dialog.getByLabel('Select Filter').locator('option:checked')).toHaveText(
    'Made on the dashboard',
  );
  // Every modal stays within the viewport: Start is visible without scrolling the page.
  await expect(dialog.getByRole('button', { name: 'Start' })).toBeInViewport();
  const box = await dialog.locator('.modal-box').boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(900);
});
