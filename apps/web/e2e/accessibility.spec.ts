import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { sitePaths } from '@tradedesk/domain';
import { openSnipeDashboard } from './snipe-helpers';
import { expect, signInThroughForm, test } from './support/fixtures';

type Route = { path: string; signedOut: string | RegExp; signedIn: string | RegExp };

/**
 * Every page of the site (every `sitePaths` entry, one article for `/blog/:hash`, an unknown
 * address) with the page's h1 signed out and signed in: the tools send a visitor to /login,
 * /login sends a signed-in user home.
 */
const routes: Route[] = [
  { path: '/', signedOut: 'Trade Desk', signedIn: /^Welcome back/ },
  { path: '/login', signedOut: 'Login', signedIn: /^Welcome back/ },
  { path: '/faq', signedOut: 'Frequently asked questions', signedIn: 'Frequently asked questions' },
  { path: '/blog', signedOut: 'Blog', signedIn: 'Blog' },
  ...[
    ['/blog/how-to-unlock-transfer-market', 'How to unlock the transfer market'],
    ['/blog/e3b9c41f', 'Safe trading habits that keep accounts trading'],
    ['/terms-of-use', 'Terms of Use'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/refund-policy', 'Refund Policy'],
    ['/affiliate-program-policy', 'Affiliate Program Policy'],
    ['/accounts', 'Account plans'],
    ['/subscription', 'Subscription'],
    ['/coins', 'Coins'],
    ['/vps', 'VPS plans'],
    ['/players', 'Players'],
    ['/checkout/cancel', 'Checkout cancelled'],
    ['/checkout/success', 'Checking your payment…'],
    ['/not-found', 'Page not found'],
    ['/no-such-page', 'Page not found'],
  ].map(([path, heading]) => ({ path: path!, signedOut: heading!, signedIn: heading! })),
  { path: '/snipe', signedOut: 'Login', signedIn: 'Snipe' },
  { path: '/transfer', signedOut: 'Login', signedIn: 'Transfer between accounts' },
  { path: '/sbc', signedOut: 'Login', signedIn: 'Squad Building Challenges' },
  { path: '/marketplace', signedOut: 'Login', signedIn: 'Coin Marketplace' },
  { path: '/admin', signedOut: 'Login', signedIn: 'Admin' },
];

const themes = ['light', 'dark'] as const;

// Each test audits two dozen pages; axe takes seconds per page on a loaded machine.
test.describe.configure({ timeout: 600_000 });

test('the audited routes are every page of the site', () => {
  const audited = routes.map((route) => route.path);
  const unaudited = Object.values(sitePaths).filter(
    (pattern) =>
      !audited.some((path) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path)),
  );
  expect(unaudited).toEqual([]);
});

/** axe's serious and critical findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe then keeps one node of each pass and inapplicable rule instead
  // of all of them (its documented speed option; the violations are the same).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Visits every route in `theme`; returns "path: finding" for every serious one. Each page must
 * have drawn its one h1 first (a page without a main heading is a finding of its own). A route
 * that lands on a page already audited in this pass (a tool sending a visitor to /login, /login
 * sending a signed-in user home) has its heading checked but is not scanned again.
 */
async function auditRoutes(page: Page, theme: (typeof themes)[number], state: 'signedOut' | 'signedIn') {
  await page.evaluate((chosen) => {
    localStorage.setItem('tradedesk-theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
  }, theme);
  const findings: string[] = [];
  const audited = new Set<string>();
  for (const route of routes) {
    await page.goto(route.path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, route.path).toHaveText(route[state]);
    await expect(heading, route.path).toHaveCount(1);
    const landedOn = new URL(page.url()).pathname;
    if (audited.has(landedOn)) continue;
    audited.add(landedOn);
    findings.push(...(await seriousViolations(page)).map((finding) => `${route.path}: ${finding}`));
  }
  return findings;
}

for (const theme of themes) {
  test(`axe finds nothing serious on any page signed out, ${theme} theme`, async ({ page }) => {
    await page.goto('/');
    expect(await auditRoutes(page, theme, 'signedOut')).toEqual([]);
  });

  test(`axe finds nothing serious on any page signed in, ${theme} theme`, async ({ page, server }) => {
    await signInThroughForm(page, server.demo);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await auditRoutes(page, theme, 'signedIn')).toEqual([]);
  });
}

/**
 * The contrast of each Progress dot's outline on /transfer against its card (WCAG 1.4.11: 3:1 for
 * the parts of the interface that carry meaning; axe checks text only): its ring, or its fill where
 * it has none. The browser composites the theme's colours (alpha included) on a canvas and gives
 * their sRGB values.
 */
async function progressDotContrasts(page: Page) {
  return page.getByRole('region', { name: 'Progress' }).evaluate((card) => {
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const drawn = (colours: string[]) => {
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const cardColour = getComputedStyle(card).backgroundColor;
    const background = luminance(drawn([cardColour]));
    return [...card.querySelectorAll('li')].map((step) => {
      const dot = getComputedStyle(step.querySelector('span')!);
      const outline = parseFloat(dot.borderTopWidth) > 0 ? dot.borderTopColor : dot.backgroundColor;
      const colour = luminance(drawn([cardColour, outline]));
      const ratio = (Math.max(colour, background) + 0.05) / (Math.min(colour, background) + 0.05);
      return { step: `${step.getAttribute('aria-label')} (${step.dataset.status})`, atLeast3to1: ratio >= 3 };
    });
  });
}

// A pending step's dot was base-300 on the dark card (1.05:1), so the steps still to come were all
// but invisible while a transfer ran; on the light card the status colours alone are about 2:1.
for (const theme of ['light', 'dark'] as const) {
  test(`/transfer's progress dots stand out 3:1 from their card in the ${theme} theme`, async ({
    page,
    server,
  }) => {
    await signInThroughForm(page, server.demo);
    await page.waitForURL((url) => url.pathname === '/');
    await page.evaluate((chosen) => {
      localStorage.setItem('tradedesk-theme', JSON.stringify({ state: { theme: chosen }, version: 0 }));
    }, theme);
    await page.goto('/transfer');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const steps = page.getByRole('region', { name: 'Progress' }).getByRole('listitem');
    await expect(steps.first()).toBeVisible();
    const contrasts = await progressDotContrasts(page);
    // Idle: the active step and the pending ones.
    expect(contrasts.map(({ step }) => step)).toContain('Sync (pending)');
    expect(contrasts.map(({ step }) => step)).toContain('Idle (active)');
    expect(contrasts).toEqual(contrasts.map(({ step }) => ({ step, atLeast3to1: true })));
  });
}

// WAI-ARIA's modal dialog: Tab went on from a dialog's last button to the page behind it, which a
// keyboard or screen-reader user then worked on without seeing it.
test('the keyboard stays inside an open dialog and the page behind it is inert', async ({ page, server }) => {
  await openSnipeDashboard(page, server.baseURL, 'keys');
  const opener = page.getByRole('button', { name: 'Create Account' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  // The form's first field takes the focus; Submit is the last Tab stop.
  const manualLogin = dialog.getByLabel('Manual Login');
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(manualLogin).toBeFocused();

  await submit.focus();
  await page.keyboard.press('Tab');
  await expect(manualLogin).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(submit).toBeFocused();
  const focusIsInDialog = () =>
    dialog.evaluate(
      (element) => element !== document.activeElement && element.contains(document.activeElement),
    );
  for (let stop = 0; stop < 12; stop += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsInDialog()).toBe(true);
  }
  for (let stop = 0; stop < 12; stop += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInDialog()).toBe(true);
  }
  // The page behind cannot take the focus, even when asked to.
  expect(
    await opener.evaluate((button: HTMLElement) => (button.focus(), document.activeElement === button)),
  ).toBe(false);

  // A refused submit's toast is shown and read out over the dialog (it is not part of the inert page).
  await dialog.getByLabel('Email').fill('not-an-email');
  await submit.click();
  const toast = page.getByRole('status').filter({ hasText: 'Email must be a valid e-mail address' });
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((element) => element.closest('[inert]') === null)).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});
