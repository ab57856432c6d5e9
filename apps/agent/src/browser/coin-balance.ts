import { MAX_SCREENSHOT_BASE64_CHARS } from '@tradedesk/domain/realtime';
import type { BrowserRuntime } from './browser-runtime.js';

export interface WebAppAccount {
  readonly email: string;
  readonly password: string;
  readonly backupCode: string;
}

/** A coin-balance screenshot: the PNG (base64) and the balance it shows. */
export interface CoinBalanceShot {
  readonly png: string;
  readonly coins: number;
}

/** The screenshot could not be taken; `message` is what the user sees. */
export class ScreenshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreenshotError';
  }
}

const STEP_TIMEOUT_MS = 15_000;

/**
 * Signs the account in to the game's web app (the sandbox's `/web-app/`: its sign-in link, the
 * e-mail and password page, the code page with the backup code) and captures the coin-balance
 * view as a PNG. Signing in there is one more game session, so the game may end the agent's own
 * session for that account; the agent signs in again on its next call.
 */
export async function screenshotCoinBalance(
  runtime: BrowserRuntime,
  webAppUrl: string,
  account: WebAppAccount,
): Promise<CoinBalanceShot> {
  return runtime.withContext(async (context) => {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    try {
      await page.goto(webAppUrl);
      await page.locator('#sign-in').click();
      await page.locator('#email').fill(account.email);
      await page.locator('#password').fill(account.password);
      await page.locator('#logInBtn').click();
      const refused = page.locator('#error');
      await Promise.race([page.locator('#btnSendCode').waitFor(), refused.waitFor()]);
      if (await refused.isVisible()) throw new ScreenshotError(await refused.innerText());
      await page.locator('#btnSendCode').click();
      await page.locator('#oneTimeCode').fill(account.backupCode);
      await page.locator('#btnSubmit').click();
      await Promise.race([page.locator('#coins').waitFor(), refused.waitFor()]);
      if (await refused.isVisible()) throw new ScreenshotError(await refused.innerText());
      const balance = page.locator('#coins');
      const coins = Number((await balance.innerText()).replace(/[^\d]/g, ''));
      // The line holding the club name and the balance: what the user wants to keep as proof.
      const png = (await balance.locator('xpath=..').screenshot({ type: 'png' })).toString('base64');
      if (png.length > MAX_SCREENSHOT_BASE64_CHARS) throw new ScreenshotError('The screenshot is too large');
      return { png, coins };
    } catch (error) {
      if (error instanceof ScreenshotError) throw error;
      throw new ScreenshotError(
        `The coin balance could not be captured: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  });
}
