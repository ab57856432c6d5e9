import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';
import { counterOf, startSnipeWithFilters } from './snipe-run-helpers';

test('a running snipe moves the row to Active and its counters up without a reload', async ({
  page,
  server,
}) => {
  await openSnipeDashboard(page, server.baseURL, 'live');
  await createAccountThroughForm(page, { email: 'counter@example.com' });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Last updated at \d/)).toBeVisible();
  await page.getByRole('button', { name: 'Refresh Accounts' }).click();
  await expect(page.getByRole('row', { name: /counter@example\.com/ })).toBeVisible();
  const row = await startSnipeWithFilters(page, 'counter@example.com', ['Counters']);
  // Marks the document: if the page reloaded, the mark would be gone.
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-no-reload', 'yes'));

  await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(async () => expect(await counterOf(row, 'Requests')).toBeGreaterThan(0)).toPass({
    timeout: 30_000,
  });
  const firstRequests = await counterOf(row, 'Requests');
  const firstSearches = await counterOf(row, 'Searches');
  await expect(async () => {
    expect(await counterOf(row, 'Requests')).toBeGreaterThan(firstRequests);
    expect(await counterOf(row, 'Searches')).toBeGreaterThan(firstSearches);
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-e2e-no-reload', 'yes');

  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(page.getByText('Snipe stopped for counter@example.com')).toHaveCount(1);
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
});
