import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

async function openSnipeConfiguration(page: Page, email: string) {
  await page
    .getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })
    .getByRole('button', { name: 'Start Snipe' })
    .click();
  return page.getByRole('dialog', { name: /Snipe Configuration/ });
}

test('a normal filter shows each validation message, then saves and stays selected', async ({
  page,
  server,
}) => {
  await openSnipeDashboard(page, server.baseURL, 'filt');
  await createAccountThroughForm(page, { email: 'filters@example.com' });
  const dialog = await openSnipeConfiguration(page, 'filters@example.com');
  await expect(
    dialog.getByText('Ensure that you select at least one filter before proceeding to snipe'),
  ).toBeVisible();
  await expect(dialog.getByText('No filters yet: add a Normal, 59th Minute or Fodder filter.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  // Only one unsaved filter at a time: the add menu hides while it exists.
  await expect(dialog.getByRole('button', { name: 'Add filter' })).toHaveCount(0);
  const form = dialog.getByRole('form');

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Label is required')).toBeVisible();
  await expect(form.getByText('Max price must be greater than min price')).toBeVisible();

  await form.getByLabel('Label', { exact: true }).fill('Cheap Rares');
  await form.getByLabel('Action', { exact: true }).selectOption({ label: 'List on transfer list' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Buy price must be greater than start price')).toBeVisible();

  await form.getByLabel('Action', { exact: true }).selectOption({ label: 'List at a price-site price' });
  await expect(form.getByLabel('Max Buy Now Price', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Listing at futbin price requires the filter to have a player name'),
  ).toBeVisible();
  await expect(
    form.getByText(
      'For percentage, value must be between 0 and 100. For fixed, value must be greater than 0.',
    ),
  ).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill('Mbappe');
  await expect(form.getByText('Please select a rarity')).toBeVisible();

  // Back to a plain follow-up with a valid price range.
  await form.getByLabel('Name', { exact: true }).fill('');
  await form.getByLabel('Action', { exact: true }).selectOption({ label: 'Send to club' });
  const maxPrice = form.getByLabel('Max Buy Now Price', { exact: true });
  await maxPrice.fill('10030');
  await maxPrice.blur();
  await expect(maxPrice).toHaveValue('10000');
  await form.getByRole('button', { name: 'Raise Max Buy Now Price' }).click();
  await expect(maxPrice).toHaveValue('10250');

  await form.getByLabel('League', { exact: true }).selectOption({ label: 'Premier League' });
  await expect(form.getByLabel('Club', { exact: true })).toBeEnabled();
  await form.getByLabel('League', { exact: true }).selectOption({ label: 'Any' });
  await expect(form.getByLabel('Club', { exact: true })).toBeDisabled();
  await expect(form.getByLabel('Club', { exact: true })).toHaveValue('-1');

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated filters')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: /Cheap Rares/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove Cheap Rares' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add filter' })).toBeVisible();

  // A second filter may not reuse the label.
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  const second = dialog.getByRole('form');
  await second.getByLabel('Label', { exact: true }).fill('cheap rares');
  await second.getByLabel('Max Buy Now Price', { exact: true }).fill('5000');
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText('Filter with the same label already exists')).toBeVisible();
});
