import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';
import { startSnipeWithFilters } from './snipe-run-helpers';

/** Breaks after 1–2 seconds of work, lasting 10–11 minutes, so the run soon sits in a break. */
async function configureEarlyLongBreaks(page: Page) {
  await page.getByRole('button', { name: 'Time Configuration' }).click();
  const time = page.getByRole('dialog', { name: 'Time Configuration' });
  const bounds = { min: 0, max: 1 } as const;
  for (const [side, extra] of Object.entries(bounds)) {
    await time.getByLabel(`Break Frequency ${side}`, { exact: true }).fill(String(1 + extra));
    await time.getByLabel(`Break Frequency ${side} unit`).selectOption('seconds');
    await time.getByLabel(`Break Duration ${side}`, { exact: true }).fill(String(10 + extra));
    await time.getByLabel(`Break Duration ${side} unit`).selectOption('minutes');
  }
  await time.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated time config')).toBeVisible();
  await expect(time.getByRole('button', { name: 'Save' })).toBeDisabled();
  await time.getByText('Close', { exact: true }).click();
  await expect(time).toHaveCount(0);
}

// The row's filter dropdown is disabled while Active (spec 000 §4), so a running account's
// filter is switched during its break.
test('switching the filter of a running account keeps it running with the new filter', async ({
  page,
  server,
}) => {
  const email = 'switcher@example.com';
  await openSnipeDashboard(page, server.baseURL, 'switch');
  await createAccountThroughForm(page, { email });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await configureEarlyLongBreaks(page);

  // Bravo is saved first, Alpha last: Alpha is the one the run starts with.
  const row = await startSnipeWithFilters(page, email, ['Bravo', 'Alpha']);
  const filterSelect = row.getByRole('combobox', { name: `Filter for ${email}` });
  await expect(filterSelect.locator('option:checked')).toHaveText('Alpha');
  await expect(row.getByText('BREAK', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(filterSelect).toBeEnabled();

  await filterSelect.selectOption({ label: 'Bravo' });
  const confirm = page.getByRole('dialog', { name: 'Switch Filter' });
  await expect(confirm).toContainText(`Switch ${email} to the filter Bravo`);
  await confirm.getByRole('button', { name: 'Switch', exact: true }).click();

  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`Filter switched successfully for ${email}`)).toHaveCount(1);
  await expect(filterSelect.locator('option:checked')).toHaveText('Bravo');
  await expect(row.getByText('BREAK', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Stop Snipe' })).toBeVisible();

  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(page.getByText(`Snipe stopped for ${email}`)).toHaveCount(1);
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();
  await expect(filterSelect).toHaveValue('');
});
