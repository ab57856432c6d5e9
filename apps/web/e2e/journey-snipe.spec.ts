import { formatCompactNumber } from '@tradedesk/domain';
import { docScreenshot } from './support/doc-screenshot';
import { expect, test } from './support/fixtures';
import { createGameAccount } from './support/game-accounts';
import { signUpThroughCheckout } from './support/journey';
import { uniqueName } from './support/names';

/**
 * From zero: a visitor buys the Snipe plan, adds a game account, makes a 59th Minute filter and
 * starts a snipe; the snipe buys a card the sandbox market itself listed under its price (nobody
 * plants it), and the profit shows in the weekly profits chart. Issue 26, journey 1.
 */
test('a new user snipes a bargain the sandbox market listed and sees the profit in the weekly chart', async ({
  page,
}) => {
  // A sign-up, a game sign-in, price tables and market looks paced to the game's request limit:
  // minutes on a loaded machine. The limits only stop a hang.
  test.setTimeout(600_000);
  await signUpThroughCheckout(page, 'Snipe — Season');

  await page.goto('/snipe');
  await expect(page.getByRole('heading', { name: 'Snipe', exact: true })).toBeVisible();
  const weekly = page.getByRole('region', { name: 'Weekly profits' });
  await expect(weekly).toBeVisible();

  const email = `${uniqueName('sniper.')}@example.com`;
  await createGameAccount(page, page, email);
  await expect(page.getByText('Account created successfully')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible();

  // A 59th Minute filter: any rare gold up to 50,000 bought under its price after tax.
  await row.getByRole('button', { name: 'Start Snipe' }).click();
  const dialog = page.getByRole('dialog', { name: /Snipe Configuration/ });
  await dialog.getByRole('button', { name: 'Add filter' }).click();
  await dialog.getByRole('button', { name: '59th Minute Filter' }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Label', { exact: true }).fill('Rare gold bargains');
  await form.getByLabel('Quality', { exact: true }).selectOption({ label: 'Gold' });
  await form.getByLabel('Rarity', { exact: true }).selectOption({ label: 'Rare' });
  const maxPrice = form.getByLabel('Max Buy Now Price', { exact: true });
  await maxPrice.fill('50000');
  await maxPrice.blur();
  // No listing prices to fill: a 59th Minute run lists each card at its own price.
  await expect(form.getByText('Each card is listed at its own price-database price.')).toBeVisible();
  await expect(form.getByLabel('Start Price', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByRole('tab', { name: /Rare gold bargains/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Starting snipe for ${email}`)).toHaveCount(1);
  await expect(row.getByText('ACTIVE', { exact: true })).toBeVisible({ timeout: 120_000 });

  // The bargain: bought for less than the card's price after tax, so the profit is positive.
  const bought = page.getByText(/^Bought .+ for [\d,]+ \(profit [\d,]+\)$/).first();
  await expect(bought).toBeVisible({ timeout: 420_000 });
  const notice = (await bought.textContent()) ?? '';
  const profit = /\(profit ([\d,]+)\)$/.exec(notice)?.[1] ?? '';
  // One notice per purchase (issue 26: two toasts each flooded the stack while sniping).
  await expect(page.getByText(notice, { exact: true })).toHaveCount(1);
  const rowProfitCell = row.getByText(/^\+\d/);
  await expect(rowProfitCell).toBeVisible();

  await row.getByRole('button', { name: 'Stop Snipe' }).click();
  await expect(row.getByText('INACTIVE', { exact: true })).toBeVisible({ timeout: 60_000 });
  const rowProfit = ((await rowProfitCell.textContent()) ?? '').trim();

  // Today's bar of the weekly chart carries the profit: the pointer on the last day shows its
  // value, which is the row's profit (the chart follows the purchases without a reload).
  await weekly.scrollIntoViewIfNeeded();
  const plot = weekly.getByRole('img', { name: 'Weekly profits' });
  const box = await plot.boundingBox();
  if (!box) throw new Error('the weekly chart is not drawn');
  await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
  const tooltip = weekly.getByRole('status');
  await expect(tooltip).toHaveText(/Profit: [1-9][\d,]*$/);
  await expect
    .poll(
      async () => {
        const amount = /Profit: ([\d,]+)$/.exec((await tooltip.textContent()) ?? '')?.[1] ?? '';
        return `+${formatCompactNumber(Number(amount.replace(/,/g, '')))}`;
      },
      { message: `the chart's profit for today (the notice said ${profit})`, timeout: 30_000 },
    )
    .toBe(rowProfit);
  await docScreenshot(page, 'snipe-weekly-profit-light-desktop.png', { fullPage: true });
});
