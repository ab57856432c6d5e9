import { hostname } from 'node:os';
import type { BrowserContext } from 'playwright-core';
import { BrowserRuntime } from './browser-runtime.js';
import { acquireDisplay, type Display, type DisplayOptions } from './display.js';

/** A UT session the agent holds (after the single sign-in path) that a browser may join. */
export interface WebAppSession {
  readonly sessionId: string;
  readonly platform: 'pc' | 'ps';
}

/** Where Launch Webapp opened the window and what the signed-in page shows. */
export interface LaunchedWebApp {
  /** `desktop`: on the agent host's own screen; `virtual`: on an Xvfb display of the agent's host. */
  readonly display: 'desktop' | 'virtual';
  readonly host: string;
  readonly coins: number;
}

export interface WebAppLauncherOptions {
  /** The game's web app (sandbox: the sim's `/web-app/`). */
  readonly webAppUrl: string;
  readonly display?: DisplayOptions;
  readonly executablePath?: string;
}

const SIGN_IN_TIMEOUT_MS = 20_000;

/**
 * Launch Webapp: opens an account's game web app in a visible Chromium window, joined to the UT
 * session the agent signed in with (the sandbox web app takes `#sid=`), one window per account.
 * Windows stay open for the person until they close them, the account is launched again or the
 * agent stops. The headed browser and its display are started on first use.
 */
export class WebAppLauncher {
  private display: Display | undefined;
  private runtime: BrowserRuntime | undefined;
  private readonly windows = new Map<string, BrowserContext>();

  constructor(private readonly options: WebAppLauncherOptions) {}

  async launch(accountId: string, session: WebAppSession): Promise<LaunchedWebApp> {
    await this.windows.get(accountId)?.close();
    const runtime = await this.headedRuntime();
    const display = this.display!;
    const context = await runtime.openContext();
    this.windows.set(accountId, context);
    context.on('close', () => {
      if (this.windows.get(accountId) === context) this.windows.delete(accountId);
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(SIGN_IN_TIMEOUT_MS);
      const url = new URL(this.options.webAppUrl);
      url.hash = new URLSearchParams({ sid: session.sessionId, platform: session.platform }).toString();
      await page.goto(url.href);
      // Signed in: the page left its loading state with the shell (coins) or a blocking screen.
      await page.locator('main[data-view]:not([data-view="loading"])').waitFor();
      if ((await page.locator('main').getAttribute('data-view')) === 'signed-out')
        throw new Error('The game web app did not accept the session');
      const balance = page.getByTestId('coins');
      const coins = (await balance.count()) > 0 ? Number(await balance.getAttribute('data-coins')) : 0;
      return { display: display.kind, host: hostname(), coins: Number.isFinite(coins) ? coins : 0 };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** Pages of the account's open window (tests and headful sessions look at them). */
  pagesOf(accountId: string) {
    return this.windows.get(accountId)?.pages() ?? [];
  }

  /** Closes every window, the browser and (when the agent started one) the virtual display. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.windows.values()].map((context) => context.close()));
    this.windows.clear();
    await this.runtime?.close();
    this.runtime = undefined;
    await this.display?.release();
    this.display = undefined;
  }

  private async headedRuntime(): Promise<BrowserRuntime> {
    if (this.runtime) return this.runtime;
    this.display ??= await acquireDisplay(this.options.display);
    this.runtime = new BrowserRuntime({
      headless: false,
      viewport: null,
      env: { DISPLAY: this.display.name },
      ...(this.options.executablePath === undefined ? {} : { executablePath: this.options.executablePath }),
    });
    return this.runtime;
  }
}
