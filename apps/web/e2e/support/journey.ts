import { expect, type Page } from '@playwright/test';
import { signInThroughForm } from './fixtures';

/** A plan as the subscription page names it (catalogue.json), e.g. 'Snipe — Season'. */
export type JourneyPlan =
  | 'Snipe — Season'
  | 'Snipe — Trial month'
  | 'Multi Rarity — Season'
  | 'Multi Rarity — Trial month'
  | 'Coin Transfer — Season'
  | 'Coin Transfer — Trial month';

/**
 * The start of every journey from zero, as a new visitor does it and through nothing but the UI:
 * buys `plan` at the sandbox checkout with the test card, reads the username and licence token the
 * success page shows once, signs in with them, links the community account and lands on the desk
 * (the home page greeting the new user). Needs a signed-out page.
 */
export async function signUpThroughCheckout(
  page: Page,
  plan: JourneyPlan,
): Promise<{ username: string; token: string }> {
  await page.goto('/subscription');
  // The page arrives prerendered: the referral form takes input once the app runs it, and so do the plans.
  // On a loaded machine the app's scripts can take well over the default wait to run.
  await expect(page.getByRole('button', { name: 'Apply' })).toBeEnabled({ timeout: 90_000 });
  const period = plan.endsWith('Trial month') ? 'Month (trial)' : 'Season';
  const periodButton = page.getByRole('group', { name: 'Plan period' }).getByRole('button', { name: period });
  await periodButton.click();
  await expect(periodButton).toHaveAttribute('aria-pressed', 'true');

  await page
    .getByTestId('plan-table')
    .getByRole('button', { name: `Buy ${plan}`, exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay €/ }).click();

  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  const username = ((await page.getByTestId('new-username').textContent()) ?? '').trim();
  const token = ((await page.getByTestId('new-token').textContent()) ?? '').trim();
  expect(username, 'the success page shows the new username').not.toBe('');
  expect(token, 'the success page shows the licence token').not.toBe('');

  await signInAndLinkCommunity(page, { username, token });
  return { username, token };
}

/**
 * From the checkout's success page: Login, sign in with the new licence, link the community account
 * from the 'Unverified account' page and land on the home page that greets the user.
 */
export async function signInAndLinkCommunity(page: Page, user: { username: string; token: string }) {
  await page.getByRole('link', { name: 'Login' }).first().click();
  await signInThroughForm(page, user);
  await expect(page.getByRole('heading', { name: 'Unverified account' })).toBeVisible();
  await page.getByRole('link', { name: 'Link your community account' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox community sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.username}` })).toBeVisible();
}
