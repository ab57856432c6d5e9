import type { Page } from '@playwright/test';
import { signInThroughForm } from './support/fixtures';
import { createSandboxUser } from './support/server';

const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A fresh linked snipe-tier user, signed in and looking at /snipe. */
export async function openSnipeDashboard(page: Page, baseURL: string, prefix = 'snipe') {
  const user = await createSandboxUser(baseURL, {
    username: uniqueName(prefix),
    tier: 'Snipe',
    linked: true,
  });
  await signInThroughForm(page, user);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/snipe');
  await page.getByRole('heading', { name: 'Snipe', exact: true }).waitFor();
  return user;
}

/** Creates a game account through the Create Account form. */
export async function createAccountThroughForm(page: Page, account: { email: string; backupCode?: string }) {
  await page.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill('correct-horse-1');
  await dialog.getByLabel('Backup Code').fill(account.backupCode ?? 'ABCD1234');
  await dialog.getByRole('button', { name: 'Submit' }).click();
}
