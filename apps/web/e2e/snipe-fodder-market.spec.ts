import { expect, test } from './support/fixtures';
import { openSnipeDashboard } from './snipe-helpers';

test('a fodder filter is made on /snipe and kept; its rating rule shows under the field', async ({
  page,
  server,
}) => {
  await openSnipeDashboard(page, server.baseURL, 'fodder');
  await page.getByText('Filters', { exact: true }).click();
  const panel = page.getByRole('region', { name: 'Filter configuration' });
  await panel.getByRole('button', { name: 'Add filter' }).click();
  await panel.getByRole('button', { name: 'Fodder Filter' }).click();
  const form = panel.getByRole('form');
  await expect(form.getByLabel('Rating', { exact: true })).toHaveValue('84');
  await form.getByLabel('Label', { exact: true }).fill('Cheap 86s');
  await form.getByLabel('Rating', { exact: true }).fill('95');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Rating must be between 84 and 94' })).toBeVisible();

  await form.getByLabel('Rating', { exact: true }).fill('86');
  await form.getByLabel('Quality', { exact: true }).selectOption({ label: 'Special' });
  const maxPrice = form.getByLabel('Max Buy Now Price', { exact: true });
  await maxPrice.fill('2000');
  await maxPrice.blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated filters')).toBeVisible();

  await page.reload();
  await page.getByText('Filters', { exact: true }).click();
  const reloaded = page.getByRole('region', { name: 'Filter configuration' });
  await expect(reloaded.getByRole('tab', { name: /Cheap 86s/ })).toBeVisible();
  await reloaded.getByRole('tab', { name: /Cheap 86s/ }).click();
  await expect(reloaded.getByLabel('Rating', { exact: true })).toHaveValue('86');
  await expect(reloaded.getByLabel('Quality', { exact: true })).toHaveValue('special');
});

test('the market configuration keeps its players and the exclusion switch', async ({ page, server }) => {
  await openSnipeDashboard(page, server.baseURL, 'market');
  await page.getByRole('button', { name: 'Market Configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Market Configuration' });
  await dialog.getByLabel(/Exclusion purchase/).check();
  await dialog.getByRole('button', { name: 'Add player' }).click();
  await dialog.getByLabel('Player 1 id', { exact: true }).fill('20801');
  await dialog.getByLabel('Player 1 name', { exact: true }).fill('Cristiano Ronaldo');
  await dialog.getByLabel('Player 1 excluded', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated market config')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Market Configuration' }).click();
  const again = page.getByRole('dialog', { name: 'Market Configuration' });
  await expect(again.getByLabel(/Exclusion purchase/)).toBeChecked();
  await expect(again.getByLabel('Player 1 id', { exact: true })).toHaveValue('20801');
  await expect(again.getByLabel('Player 1 name', { exact: true })).toHaveValue('Cristiano Ronaldo');
  await expect(again.getByLabel('Player 1 excluded', { exact: true })).toBeChecked();
});
