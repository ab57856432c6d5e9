import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** The companion add-on's unpacked build (apps/extension/dist/unpacked). */
export const extensionDir = join(repoRoot, 'apps/extension/dist/unpacked');

/** Builds the add-on as a user would (`npm run build -w @tradedesk/extension`). */
export function buildExtension(): void {
  execFileSync('npm', ['run', 'build', '-w', '@tradedesk/extension'], { cwd: repoRoot, stdio: 'pipe' });
}

export type ExtensionBrowser = { context: BrowserContext; extensionId: string; close: () => Promise<void> };

/**
 * Chromium with the add-on loaded unpacked. Add-ons need a profile of their own (a persistent
 * context); Chromium's new headless mode runs them, so no display is needed.
 */
export async function launchWithExtension(): Promise<ExtensionBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'tradedesk-addon-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Signs a (new) game account in to the sandbox web app through the game's sign-in pages. */
export async function signInToWebApp(page: Page, sandboxUrl: string, email: string): Promise<void> {
  await page.goto(`${sandboxUrl}/web-app/`);
  await page.getByTestId('sign-in').click();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill('pw');
  await page.locator('#logInBtn').click();
  await page.locator('#btnSendCode').click();
  await page.locator('#oneTimeCode').fill('ADDON123');
  await page.locator('#btnSubmit').click();
  await page.locator('main[data-view="home"]').waitFor();
}
