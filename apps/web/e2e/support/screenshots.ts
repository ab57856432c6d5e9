/**
 * Writes screenshots of the signed-in home page and of /players with prices (light and dark,
 * desktop and mobile) to docs/screenshots/, against a real server with a fresh data directory.
 * The /snipe screenshots come from the snipe-theme and snipe-run journeys.
 * Run: npm run build -w @tradedesk/web && npx tsx apps/web/e2e/support/screenshots.ts
 */
import { chromium, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startServer } from './server';

const outputDir = fileURLToPath(new URL('../../../../docs/screenshots/', import.meta.url));
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

async function signIn(page: Page, credentials: { username: string; token: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Token').fill(credentials.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: `Welcome back, ${credentials.username}` }).waitFor();
}

async function main() {
  await mkdir(outputDir, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const [device, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport });
      const page = await context.newPage();
      await signIn(page, server.demo);
      for (const theme of ['light', 'dark'] as const) {
        await page.goto('/');
        if (theme === 'dark') await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await page.locator(`html[data-theme="${theme}"]`).waitFor();
        await page.screenshot({
          path: `${outputDir}home-${theme}-${device}.png`,
          fullPage: device === 'desktop',
        });
        await page.goto('/players');
        // The first visit of a fresh server may wait for the catalogue to load into the database.
        await page
          .getByRole('list', { name: 'Players' })
          .getByRole('article')
          .first()
          .waitFor({ timeout: 30_000 });
        await page.screenshot({
          path: `${outputDir}players-${theme}-${device}.png`,
          fullPage: device === 'desktop',
        });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`Screenshots written to ${outputDir}`);
}

void main();
