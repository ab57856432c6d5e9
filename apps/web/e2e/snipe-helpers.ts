import { expect, type Page } from '@playwright/test';
import { signInNewUser } from './support/fixtures';
import { gameAccountSecrets } from './support/game-accounts';
import { uniqueName } from './support/names';

/** A fresh linked snipe-tier user, signed in and looking at /snipe. */
export async function openSnipeDashboard(page: Page, baseURL: string, prefix = 'snipe') {
  const user = await signInNewUser(page, baseURL, {
    username: uniqueName(prefix),
    tier: 'Snipe',
    linked: true,
  });
  await page.goto('/snipe');
  await page.getByRole('heading', { name: 'Snipe', exact: true }).waitFor();
  return user;
}

/** Creates a game account through the Create Account form. */
export async function createAccountThroughForm(page: Page, account: { email: string; backupCode?: string }) {
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(gameAccountSecrets.password);
  await dialog.getByLabel('Backup Code').fill(account.backupCode ?? gameAccountSecrets.backupCode);
  await dialog.getByRole('button', { name: 'Submit' }).click();
}

/** Opens Filters and saves a Normal Filter 'Cheap golds' (Buy Now up to 20,000); it stays selected. */
export async function saveCheapGoldsFilter(page: Page) {
  const panel = page.getByRole('region', { name: 'Filter configuration' });
  await panel.getByRole('button', { name: 'Add filter' }).click();
  await panel.getByRole('button', { name: 'Normal Filter' }).click();
  const form = panel.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill('Cheap golds');
  const maxPrice = form.getByLabel('Max Buy Now Price', { exact: true });
  await maxPrice.fill('20000');
  await maxPrice.blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated filters')).toBeVisible();
}
