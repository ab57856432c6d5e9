import { expect, type Page } from '@playwright/test';
import { signInThroughForm } from './fixtures';

// Temporary: replaced by support/journey.ts (signUpThroughCheckout) once it lands on main.

/** A plan as the subscription page names it (catalogue.json). */
export type JourneyPlan = 'Snipe — Season' | 'Coin Transfer — Season';

/** A new visitor buys `plan` at the sandbox checkout, signs in with what it shows and links the community. */
export async function signUpThroughCheckout(
  page: Page,
  plan: JourneyPlan,
): Promise<{ username: string; token: string }> {
  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
  await page
    .getByTestId('plan-table')
    .getByRole('button', { name: `Buy ${plan}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const username = ((await page.getByTestId('new-username').textContent()) ?? '').trim();
  const token = ((await page.getByTestId('new-token').textContent()) ?? '').trim();
  await page.getByRole('link', { name: 'Login' }).first().click();
  await signInThroughForm(page, { username, token });
  await expect(page.getByRole('heading', { name: 'Unverified account' })).toBeVisible();
  await page.getByRole('link', { name: 'Link your community account' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${username}` })).toBeVisible();
  return { username, token };
}
