import type { Page } from '@playwright/test';
import { docScreenshot } from './support/doc-screenshot';
import { expect, test } from './support/fixtures';

const devices = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Every public page this part of the site adds, its heading, and its screenshot's name. */
const sitePages = [
  { path: '/faq', heading: 'Frequently asked questions', name: 'faq', fullPage: true },
  { path: '/blog', heading: 'Blog', name: 'blog', fullPage: true },
  {
    path: '/blog/how-to-unlock-transfer-market',
    heading: 'How to unlock the transfer market',
    name: 'blog-unlock-transfer-market',
  },
  {
    path: '/blog/e3b9c41f',
    heading: 'Safe trading habits that keep accounts trading',
    name: 'blog-safe-trading',
  },
  { path: '/blog/7a5d2c08', heading: 'How sniping works', name: 'blog-how-sniping-works' },
  { path: '/accounts', heading: 'Account plans', name: 'accounts', fullPage: true },
  { path: '/terms-of-use', heading: 'Terms of Use', name: 'legal-terms-of-use' },
  { path: '/privacy-policy', heading: 'Privacy Policy', name: 'legal-privacy-policy' },
  { path: '/cookie-policy', heading: 'Cookie Policy', name: 'legal-cookie-policy' },
  { path: '/refund-policy', heading: 'Refund Policy', name: 'legal-refund-policy' },
  { path: '/affiliate-program-policy', heading: 'Affiliate Program Policy', name: 'legal-affiliate-program' },
];

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const [device, viewport] of Object.entries(devices)) {
  test(`every site page shows its content on ${device} without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const sitePage of sitePages) {
      await page.goto(sitePage.path);
      await expect(page.getByRole('heading', { level: 1, name: sitePage.heading })).toBeVisible();
      await expect(page).toHaveTitle(/Trade Desk$/);
      expect(await sidewaysOverflow(page), sitePage.path).toBeLessThanOrEqual(0);
      await docScreenshot(page, `${sitePage.name}-${device}.png`, {
        fullPage: device === 'desktop' && sitePage.fullPage === true,
      });
    }
  });
}

test('the public pages arrive rendered and the app takes them over without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const html = await (await page.request.get('/faq')).text();
  expect(html).toContain('What is Trade Desk?');
  expect(html).toContain('"@type":"FAQPage"');
  for (const sitePage of sitePages) {
    await page.goto(sitePage.path);
    await expect(page.getByRole('heading', { level: 1, name: sitePage.heading })).toBeVisible();
  }
  // Hydrated: the FAQ's accordion answers a click.
  await page.goto('/faq');
  const banned = page.getByRole('button', { name: 'Can my game account be banned?' });
  await banned.click();
  await expect(banned).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test('the FAQ keeps one answer open and links the refund policy', async ({ page }) => {
  await page.goto('/faq');
  const first = page.getByRole('button', { name: 'What is Trade Desk?' });
  const banned = page.getByRole('button', { name: 'Can my game account be banned?' });
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await banned.click();
  await expect(page.getByRole('region', { name: 'Can my game account be banned?' })).toContainText(
    'losing the coins and player cards',
  );
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('link', { name: 'refund policy' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
});

test('a blog card shows its cover and opens its article in a new tab', async ({ page, context }) => {
  await page.goto('/blog');
  const covers = page.getByRole('list', { name: 'Articles' }).getByRole('img');
  await expect(covers).toHaveCount(3);
  for (const cover of await covers.all())
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
      true,
    );
  const newTab = context.waitForEvent('page');
  await page.getByRole('link', { name: /How sniping works/ }).click();
  const article = await newTab;
  await expect(article.getByRole('heading', { level: 1, name: 'How sniping works' })).toBeVisible();
  await expect(article).toHaveURL(/\/blog\/7a5d2c08$/);
  await expect(page).toHaveURL(/\/blog$/);
});

test('the footer reaches the FAQ and the legal pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Help' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('the server ships sitemap.xml, robots.txt and the favicon with their types', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml');
  expect(await sitemap.text()).toMatch(
    /<loc>[^<]+\/subscription<\/loc>\s*<changefreq>weekly<\/changefreq>\s*<priority>1\.0<\/priority>/,
  );
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toMatch(/^Sitemap: http\S+\/sitemap\.xml$/m);
  const favicon = await request.get('/favicon.svg');
  expect(favicon.headers()['content-type']).toBe('image/svg+xml');
});
