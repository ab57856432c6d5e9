import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInThroughForm, test } from './support/fixtures';

/** Every page a visitor reaches signed out, and a heading that says it has drawn. */
const publicRoutes: Array<[string, string]> = [
  ['/', 'Trade Desk'],
  ['/login', 'Login'],
  ['/faq', 'Frequently asked questions'],
  ['/blog', 'Blog'],
  ['/blog/e3b9c41f', 'Safe trading habits that keep accounts trading'],
  ['/terms-of-use', 'Terms of Use'],
  ['/accounts', 'Account plans'],
  ['/subscription', 'Subscription'],
  ['/coins', 'Coins'],
  ['/vps', 'VPS plans'],
  ['/players', 'Players'],
  ['/no-such-page', 'Page not found'],
];

/** The desk's pages, signed in as the demo user. */
const deskRoutes: Array<[string, string | RegExp]> = [
  ['/', /Welcome/],
  ['/snipe', 'Snipe'],
  ['/transfer', 'Transfer between accounts'],
  ['/sbc', 'Squad Building Challenges'],
  ['/players', 'Players'],
  ['/marketplace', 'Coin Marketplace'],
  ['/subscription', 'Subscription'],
];

const themes = ['light', 'dark'] as const;

// Each test audits a dozen pages twice; axe takes seconds per page on a loaded machine.
test.describe.configure({ timeout: 300_000 });

/** axe's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Visits each route in each theme; returns "theme path: finding" for every serious one. */
async function auditRoutes(page: Page, routes: Array<[string, string | RegExp]>): Promise<string[]> {
  const findings: string[] = [];
  for (const theme of themes) {
    await page.evaluate((chosen) => {
      localStorage.setItem('tradedesk-theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
    }, theme);
    for (const [path, heading] of routes) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      findings.push(...(await seriousViolations(page)).map((finding) => `${theme} ${path}: ${finding}`));
    }
  }
  return findings;
}

test('axe finds nothing serious on any page a visitor reaches, light or dark', async ({ page }) => {
  await page.goto('/');
  expect(await auditRoutes(page, publicRoutes)).toEqual([]);
});

test('axe finds nothing serious on the desk’s pages signed in, light or dark', async ({ page, server }) => {
  await signInThroughForm(page, server.demo);
  await page.waitForURL((url) => url.pathname === '/');
  expect(await auditRoutes(page, deskRoutes)).toEqual([]);
});
