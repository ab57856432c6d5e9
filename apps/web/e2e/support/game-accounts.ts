import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The password and backup code of every game account the specs make (the sandbox accepts any). */
export const gameAccountSecrets = { password: 'correct-horse-1', backupCode: 'ABCD1234' } as const;

/**
 * Adds a game account through the Create Account dialog opened from `scope` (a tool's panel or
 * the whole page), as a person would, and waits for the dialog to close.
 */
export async function createGameAccount(page: Page, scope: Page | Locator, email: string) {
  await scope.getByRole('button', { name: 'Create Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(gameAccountSecrets.password);
  await dialog.getByLabel('Backup Code').fill(gameAccountSecrets.backupCode);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
}
