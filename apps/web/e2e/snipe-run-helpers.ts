import { expect, type Locator, type Page } from '@playwright/test';

/** Saves a Normal Filter with this label in the open Snipe Configuration modal (it ends selected). */
export async function saveNormalFilter(dialog: Locator, label: string) {
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill(label);
  await form.getByLabel('Max Buy Now Price', { exact: true }).fill('5000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tab', { name: new RegExp(label) })).toBeVisible();
}

/**
 * Opens Start Snipe on the account's row, saves Normal Filters with these labels (the last one
 * stays selected, rotation being off) and starts; waits for the server's start notice.
 */
export async function startSnipeWithFilters(page: Page, email: string, labels: readonly string[]) {
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await row.getByRole('button', { name: 'Start Snipe' }).click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  for (const label of labels) await saveNormalFilter(dialog, label);
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Starting snipe for ${email}`)).toHaveCount(1);
  return row;
}

/** The number after "{name}: " in the row's Statistics cell. */
export async function counterOf(row: Locator, name: 'Requests' | 'Searches'): Promise<number> {
  const text = await row.getByText(new RegExp(`^${name}: \\d+$`)).textContent();
  return Number(text?.split(': ')[1]);
}
