import type { Locator, Page } from '@playwright/test';
import { docScreenshot } from './support/doc-screenshot';
import { expect, test } from './support/fixtures';
import { createAccountThroughForm, openSnipeDashboard } from './snipe-helpers';

/** Toasts fade on their own; hide them so the pictures show the page. */
const hideToasts = (page: Page) =>
  page.addStyleTag({ content: 'div:has(> [role="status"][aria-live]) { display: none !important; }' });

/**
 * The unit choices whose shown label is wider than the room the select leaves for it (its width
 * less the padding, where daisyUI draws the arrow): the text runs under the arrow.
 */
const clippedUnitLabels = (dialog: Locator) =>
  dialog.locator('select[aria-label$=" unit"]').evaluateAll((selects) => {
    const context = document.createElement('canvas').getContext('2d')!;
    return (selects as HTMLSelectElement[]).flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const label = select.selectedOptions[0]?.text ?? '';
      const inset = ['borderLeftWidth', 'borderRightWidth', 'paddingLeft', 'paddingRight'] as const;
      const room = inset.reduce(
        (width, side) => width - parseFloat(style[side]),
        select.getBoundingClientRect().width,
      );
      // Half a pixel for rounding: a select as wide as its text measures a fraction under it.
      return context.measureText(label).width > room + 0.5 ? [`${select.ariaLabel}: ${label}`] : [];
    });
  });

/** Saves a plain normal filter from the account's Snipe Configuration, then closes it. */
async function saveFilter(page: Page, email: RegExp, label: string) {
  await page.getByRole('row', { name: email }).getByRole('button', { name: 'Start Snipe' }).click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill(label);
  await form.getByLabel('Action', { exact: true }).selectOption({ label: 'Send to club' });
  await form.getByLabel('Max Buy Now Price', { exact: true }).fill('10000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('tab', { name: new RegExp(label) })).toBeVisible();
  await dialog.getByText('Cancel', { exact: true }).click();
}

test('the dashboard reads well in the dark theme and on a phone', async ({ page, server }) => {
  await openSnipeDashboard(page, server.baseURL, 'theme');
  await createAccountThroughForm(page, { email: 'light.trader@example.com' });
  await createAccountThroughForm(page, { email: 'console.trader@example.com' });
  await expect(page.getByRole('row', { name: /console\.trader@example\.com/ })).toBeVisible();
  await saveFilter(page, /light\.trader@example\.com/, 'Cheap Rares');
  const filterChoice = page.getByLabel('Filter for light.trader@example.com');
  await filterChoice.selectOption({ label: 'Cheap Rares' });
  await expect(filterChoice).toHaveValue(/.+/);
  await hideToasts(page);
  await docScreenshot(page, 'snipe-light-desktop.png', { fullPage: true });

  await page.getByRole('button', { name: 'Time Configuration' }).click();
  const time = page.getByRole('dialog', { name: 'Time Configuration' });
  await expect(time.getByLabel('Break Duration min unit')).toHaveValue('minutes');
  await expect(time.getByLabel('Delay between Snipes min unit')).toHaveValue('milliseconds');
  expect(await clippedUnitLabels(time)).toEqual([]);
  await expect(time.getByRole('button', { name: 'Save' })).toBeDisabled();
  await docScreenshot(page, 'snipe-time-configuration.png');
  await time.getByText('Close', { exact: true }).click();

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const row = page.getByRole('row', { name: /light\.trader@example\.com/ });
  await expect(row.getByText('INACTIVE')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Start Snipe' })).toBeVisible();
  await docScreenshot(page, 'snipe-dark-desktop.png', { fullPage: true });

  await row.getByRole('button', { name: 'Start Snipe' }).click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: 'Normal Filter' }).click();
  await dialog.getByLabel('Label', { exact: true }).fill('Night Owls');
  await docScreenshot(page, 'snipe-filter-panel-dark.png');
  await dialog.getByText('Cancel', { exact: true }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete Account' })).toBeVisible();
  await docScreenshot(page, 'snipe-dark-mobile.png', { fullPage: true });
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await docScreenshot(page, 'snipe-light-mobile.png', { fullPage: true });
});
