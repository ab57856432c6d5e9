import { docScreenshot } from './support/doc-screenshot';
import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

test('a snipe starts and stops over the live connection, each notice shown once', async ({
  page,
  server,
}) => {
  await openSnipeDashboard(page, server.baseURL, 'run');
  await createAccountThroughForm(page, { email: 'runner@example.com' });
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: /runner@example\.com/ });

  await row.getByRole('button', { name: 'Start Snipe' }).click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill('Runner');
  await form.getByLabel('Max Buy Now Price', { exact: true }).fill('5000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tab', { name: /Runner/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Starting snipe for runner@example.com')).toHaveCount(1);
  // The row follows the run without a reload: Stop Snipe, and its filter locked while active.
  const stop = row.getByRole('button', { name: 'Stop Snipe' });
  await expect(stop).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveValue(/.+/);
  await expect(row.getByText('Requests: 0')).toHaveCount(0);
  await page.addStyleTag({ content: 'div:has(> [role="status"][aria-live]) { display: none !important; }' });
  await docScreenshot(page, 'snipe-running-light-desktop.png');

  await stop.click();
  await expect(page.getByText('Snipe stopped for runner@example.com')).toHaveCount(1);
  await expect(row.getByText('INACTIVE')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Start Snipe' })).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveValue('');
});
