import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

/** How far (px) the field's focus ring reaches past its border box. */
const ringOutsideBorder = (field: Locator) =>
  field.evaluate((element) => {
    const style = getComputedStyle(element);
    if (style.outlineStyle === 'none') return 0;
    return parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
  });

test('a new user creates, edits, resets and deletes a game account', async ({ page, server }) => {
  await openSnipeDashboard(page, server.baseURL, 'acct');
  await expect(page.getByText('No accounts found')).toBeVisible();

  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Password').fill('correct-horse-1');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Email must be a valid e-mail address')).toBeVisible();
  await expect(dialog.getByText('Backup code is required')).toBeVisible();
  // The first broken field takes the focus; its ring sits on its red border, not beside it as a second one.
  const email = dialog.getByLabel('Email');
  await expect(email).toBeFocused();
  expect(await ringOutsideBorder(email)).toBeLessThanOrEqual(0);
  await dialog.getByLabel('Backup Code').fill('ABC');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Backup code must be 8 characters long')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await createAccountThroughForm(page, { email: 'first.trader@example.com' });
  await expect(page.getByText('Account created successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /first\.trader@example\.com/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('INACTIVE')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Start Snipe' })).toBeEnabled();
  await expect(row.getByRole('button', { name: 'Launch Account' })).toBeEnabled();
  await expect(page.getByText('No accounts found')).toHaveCount(0);

  // Edit: the stored credentials come prefilled and Submit waits for a change.
  await row.getByRole('button', { name: 'Edit Account' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit account credentials' });
  await expect(edit.getByLabel('Backup Code')).toHaveValue('ABCD1234');
  await expect(edit.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await edit.getByLabel('Backup Code').fill('WXYZ9876');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Account edited successfully')).toBeVisible();

  await row.getByRole('button', { name: 'Reset Statistics' }).click();
  await page
    .getByRole('dialog', { name: 'Reset Account Statistics' })
    .getByRole('button', { name: 'Reset' })
    .click();
  await expect(page.getByText('Account statistics reset successfully')).toBeVisible();

  await row.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog', { name: 'Delete account' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Account deleted successfully')).toBeVisible();
  await expect(page.getByText('No accounts found')).toBeVisible();
});
