import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const cards = (page: Page) => page.getByRole('list', { name: 'Players' }).getByRole('article');

// The first visit of a fresh server may wait for the catalogue to load into the database.
const FIRST_LOAD = { timeout: 30_000 };

test('anyone can browse the players database 15 at a time, with prices and site links', async ({ page }) => {
  await page.goto('/players');
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(15, FIRST_LOAD);
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const first = cards(page).first();
  await expect(first.getByText('PC', { exact: true })).toBeVisible();
  await expect(first.getByText('PS/XBOX')).toBeVisible();
  await expect(first.getByRole('link', { name: 'FUTBIN' })).toHaveAttribute(
    'href',
    /futbin\.com\/25\/player\/\d+\//,
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/players\?page=2$/);
  await expect(page.getByText('Page 2')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(page).toHaveURL(/\/players$/);
});

test('search and filters live in the query string and the back button restores them', async ({ page }) => {
  await page.goto('/players');
  await expect(cards(page)).toHaveCount(15, FIRST_LOAD);
  await page.getByRole('searchbox', { name: 'Search players by name' }).fill('PELE');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/name=PELE/);
  await expect(page.getByRole('article', { name: 'Pelé 95' })).toBeVisible();

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Rating').fill('95');
  await dialog.getByLabel('Rarity').selectOption('icon');
  await dialog.getByLabel('Min price').fill('500');
  await dialog.getByLabel('Max price').fill('100');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Min price must not be above max price')).toBeVisible();
  await dialog.getByLabel('Min price').fill('');
  await dialog.getByLabel('Max price').fill('');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/name=PELE&rating=95&rarity=icon$/);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search players by name' }).fill('zzyzx qwerty');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No players found')).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search players by name' })).toHaveValue('PELE');
  await expect(page.getByRole('article', { name: 'Pelé 95' })).toBeVisible();

  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page).toHaveURL(/\/players$/);
  await expect(cards(page)).toHaveCount(15);
});

test('a shared address opens the same results, also on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/players?name=odegaard&rarity=rare');
  await expect(page.getByRole('article', { name: 'Martin Ødegaard 89' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('searchbox', { name: 'Search players by name' })).toHaveValue('odegaard');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
});

test('the page follows the dark theme and fits a phone, filters and pages included', async ({ page }) => {
  await page.goto('/players');
  await expect(cards(page)).toHaveCount(15, FIRST_LOAD);
  const first = cards(page).first();
  const background = () => first.evaluate((card) => getComputedStyle(card).backgroundColor);
  const lightBackground = await background();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The cards take the theme's colours rather than keeping light ones on a dark page.
  await expect.poll(background).not.toBe(lightBackground);
  const priceColour = await first
    .getByRole('definition')
    .first()
    .evaluate((price) => getComputedStyle(price).color);
  expect(priceColour).not.toBe(await background());

  await page.setViewportSize({ width: 390, height: 844 });
  const sidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect.poll(sidewaysScroll).toBeLessThanOrEqual(0);
  await expect(first.getByRole('link', { name: 'FUT.GG' })).toBeInViewport();

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  for (const field of ['Rating', 'Rarity', 'Min price', 'Max price'])
    await expect(dialog.getByLabel(field)).toBeInViewport();
  await dialog.getByLabel('Rarity').selectOption('icon');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/players\?rarity=icon$/);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/players\?rarity=icon&page=2$/);
  await expect(page.getByText('Page 2')).toBeInViewport();
  await expect(cards(page).first()).toContainText('Icon');
  expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
});

test('filters by position, says what Refresh prices found, and names players as the game does', async ({
  page,
}) => {
  await page.goto('/players');
  await expect(cards(page)).toHaveCount(15, FIRST_LOAD);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Position').selectOption('ST');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/players\?position=ST$/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(cards(page)).toHaveCount(15);
  for (const card of await cards(page).all()) await expect(card).toContainText('· ST');

  await page.getByRole('button', { name: 'Refresh prices' }).click();
  await expect(
    page.getByText(
      /^(Prices are up to date \(15 players checked\)|Prices refreshed: \d+ of 15 players changed)$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh prices' })).toBeEnabled();

  // A card the game's names file lacked ("Bale Gareth" in the export) reads first name first.
  await page.getByRole('searchbox', { name: 'Search players by name' }).fill('bale');
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await page.getByRole('searchbox', { name: 'Search players by name' }).fill('bale');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('article', { name: /^Gareth Bale \d+$/ }).first()).toBeVisible();
  await expect(page.getByRole('article', { name: /^Bale Gareth/ })).toHaveCount(0);
});

test("a card's price history opens from the keyboard and charts each platform's week, also on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/players?name=pele&rarity=icon');
  const card = page.getByRole('article', { name: 'Pelé 95' });
  await expect(card).toBeVisible(FIRST_LOAD);
  const opener = card.getByRole('button', { name: 'Price history of Pelé 95' });
  await opener.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Price history of Pelé 95' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true }).first()).toBeFocused();
  // The server collects the sandbox's prices at start: each platform has its chart (and the line
  // recharts drew), or says in words that the week has none.
  for (const platform of ['PC', 'PS/XBOX']) {
    const section = dialog.getByRole('region', { name: platform, exact: true });
    const chart = section.getByRole('figure', { name: new RegExp(`^${platform} average price per hour`) });
    await expect(chart.or(section.getByText('No price history in the last 7 days'))).toBeVisible();
    if (await chart.isVisible()) {
      await expect(chart.locator('.recharts-line')).toHaveCount(1);
      await expect(chart.getByText('Average', { exact: true })).toBeVisible();
    }
  }
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')),
  ).toEqual([]);
  const sidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
  const box = await dialog.locator('.modal-box').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
