import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

async function addFilter(dialog: Locator, kind: 'Normal Filter' | '59th Minute Filter', label: string) {
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: kind }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill(label);
  await form.getByLabel('Max Buy Now Price', { exact: true }).fill('10000');
  await form.getByRole('button', { name: kind === 'Normal Filter' ? 'Save' : 'Update' }).click();
  await expect(dialog.getByRole('tab', { name: new RegExp(label) })).toBeVisible();
}

async function expectStartRefused(page: Page, dialog: Locator, message: string) {
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(dialog).toBeVisible();
}

test('the rotation and selection rules are checked before a snipe starts', async ({ page, server }) => {
  await openSnipeDashboard(page, server.baseURL, 'rot');
  await createAccountThroughForm(page, { email: 'rotation@example.com' });

  await page.getByRole('button', { name: 'Advanced Configuration' }).click();
  const settings = page.getByRole('dialog', { name: 'Advanced Configuration' });
  const save = settings.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await settings.getByLabel('Filter Rotation').check();
  await save.click();
  await expect(page.getByText('Number of requests must be at least 1')).toBeVisible();
  await settings.getByLabel('Requests', { exact: true }).fill('40');
  await save.click();
  await expect(page.getByText('Updated premium config')).toBeVisible();
  await settings.getByText('Close', { exact: true }).click();

  await page
    .getByRole('row', { name: /rotation@example\.com/ })
    .getByRole('button', { name: 'Start Snipe' })
    .click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  await expectStartRefused(page, dialog, 'You need to select at least one filter.');

  await addFilter(dialog, 'Normal Filter', 'Alpha');
  await expectStartRefused(
    page,
    dialog,
    'You need at least 2 filters to enable filter rotation. Please disable filter rotation or select more filters.',
  );

  await addFilter(dialog, 'Normal Filter', 'Beta');
  await expect(dialog.getByRole('button', { name: 'Remove Alpha' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Beta' })).toBeVisible();
  await expectStartRefused(page, dialog, 'Filter rotation requires all filters to have a player name');

  await addFilter(dialog, '59th Minute Filter', 'Gamma');
  await expectStartRefused(
    page,
    dialog,
    'You cannot select normal filters together with a multi rarity filter.',
  );

  await dialog.getByRole('button', { name: 'Remove Alpha' }).click();
  await dialog.getByRole('button', { name: 'Remove Beta' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Gamma' })).toBeVisible();
  await expectStartRefused(
    page,
    dialog,
    'You cannot enable filter rotation with a multi rarity filter. Please disable filter rotation.',
  );

  // With more than one saved filter, share and delete appear.
  await expect(dialog.getByRole('button', { name: 'Share filter' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete filter' })).toBeVisible();
});
