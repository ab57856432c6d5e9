import type { Page } from '@playwright/test';

/**
 * Journeys that pass through a screen the docs show refresh its picture only when asked
 * (`UPDATE_SCREENSHOTS=1 npx playwright test`), so an ordinary test run never rewrites tracked files.
 */
export async function docScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  await page.screenshot({ path: `docs/screenshots/${name}`, ...options });
}
