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
 * Saves a Normal Filter for one card, picked from the name suggestions of its rarity, that buys
 * at or under `maxPrice` and lists the card on the transfer list (so a purchase has a profit).
 */
export async function savePlayerResaleFilter(
  dialog: Locator,
  filter: {
    label: string;
    player: string;
    rarity: string;
    maxPrice: number;
    resale: { startPrice: number; buyNowPrice: number };
  },
) {
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill(filter.label);
  await form.getByLabel('Rarity', { exact: true }).selectOption({ label: filter.rarity });
  await form.getByLabel('Name', { exact: true }).fill(filter.player);
  await form
    .getByRole('list', { name: 'Player suggestions' })
    .getByRole('button', { name: new RegExp(`^${filter.player}`) })
    .first()
    .click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(filter.player);
  await form.getByLabel('Max Buy Now Price', { exact: true }).fill(String(filter.maxPrice));
  await form.getByLabel('Action', { exact: true }).selectOption({ label: 'List on transfer list' });
  for (const [label, price] of [
    ['Start Price', filter.resale.startPrice],
    ['Buy Now Price', filter.resale.buyNowPrice],
  ] as const) {
    await form.getByLabel(label, { exact: true }).fill(String(price));
    await form.getByLabel(label, { exact: true }).blur();
    await expect(form.getByLabel(label, { exact: true })).toHaveValue(String(price));
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tab', { name: new RegExp(filter.label) })).toBeVisible();
}

/** The dashboard row of the account with this e-mail. */
export function accountRow(page: Page, email: string): Locator {
  return page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
}

/**
 * Opens Start Snipe on the account's row, lets `saveFilters` save the filters in the Snipe
 * Configuration modal (the last saved stays selected, rotation being off) and starts; waits for
 * the server's start notice.
 */
export async function startSnipe(page: Page, email: string, saveFilters: (dialog: Locator) => Promise<void>) {
  const row = accountRow(page, email);
  await row.getByRole('button', { name: 'Start Snipe' }).click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  await saveFilters(dialog);
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Starting snipe for ${email}`)).toHaveCount(1);
  return row;
}

/** Start Snipe with Normal Filters of these labels (see saveNormalFilter). */
export function startSnipeWithFilters(page: Page, email: string, labels: readonly string[]) {
  return startSnipe(page, email, async (dialog) => {
    for (const label of labels) await saveNormalFilter(dialog, label);
  });
}

/** The number after "{name}: " in the row's Statistics cell. */
export async function counterOf(row: Locator, name: 'Requests' | 'Searches'): Promise<number> {
  const text = await row.getByText(new RegExp(`^${name}: \\d+$`)).textContent();
  return Number(text?.split(': ')[1]);
}
