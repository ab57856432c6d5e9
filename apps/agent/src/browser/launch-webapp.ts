import { hostname } from 'node:os';
import { webAppBlockingViews, type WebAppBlockingView } from '@tradedesk/domain';
import { openWebAppWindow } from '../headful/web-app-window.js';
import type { BrowserRuntime, BrowserWindow } from './browser-runtime.js';

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
  /** The balance the page shows; null when it shows none or could not read it (captcha, soft ban). */
  readonly coins: number | null;
  /** The blocking screen the page shows instead of the shell, if any. */
  readonly blockedBy: WebAppBlockingView | null;
}

function blockingViewOf(view: string | null): WebAppBlockingView | null {
  return webAppBlockingViews.find((blocking) => blocking === view) ?? null;
}

export interface WebAppLauncherOptions {
  /** The agent's browser runtime: its windows are the ones headful runs use. */
  readonly runtime: BrowserRuntime;
  /** The game's web app (sandbox: the sim's `/web-app/`). */
  readonly webAppUrl: string;
  /** The companion add-on the window loads, as a headful run's window does. */
  readonly extensionDir?: string | undefined;
}

/**
 * Launch Webapp: opens an account's game web app in a visible Chromium window, joined to the UT
 * session the agent signed in with (the sandbox web app takes `#sid=`), one window per account.
 * The window is opened the way a headful run's is (`openWebAppWindow`: its own profile, the
 * add-on, the desktop or the agent's Xvfb). Windows stay open for the person until they close
 * them, the account is launched again or the agent stops.
 */
export class WebAppLauncher {
  private readonly windows = new Map<string, BrowserWindow>();

  constructor(private readonly options: WebAppLauncherOptions) {}

  async launch(accountId: string, session: WebAppSession): Promise<LaunchedWebApp> {
    await this.windows.get(accountId)?.close();
    const opened = await openWebAppWindow(
      this.options.runtime,
      this.options.webAppUrl,
      session,
      this.options.extensionDir,
    );
    this.windows.set(accountId, opened);
    // A person closing the window gives its display and profile back too.
    opened.context.on('close', () => {
      if (this.windows.get(accountId) === opened) this.windows.delete(accountId);
      void opened.close();
    });
    try {
      // Signed in: the page left its loading state with the shell (coins) or a blocking screen.
      const main = opened.page.locator('main[data-view]:not([data-view="loading"])');
      await main.waitFor();
      const blockedBy = blockingViewOf(await main.getAttribute('data-view'));
      // Under a captcha or a soft ban the page could not read the account, so a balance its shell
      // shows is not the account's (the sandbox's says 0): report none rather than an empty account.
      const isBalanceUnread = blockedBy === 'captcha' || blockedBy === 'soft-ban';
      const balance = opened.page.getByTestId('coins');
      const shown =
        !isBalanceUnread && (await balance.isVisible())
          ? Number(await balance.getAttribute('data-coins'))
          : NaN;
      return {
        display: opened.display,
        host: hostname(),
        coins: Number.isFinite(shown) ? shown : null,
        blockedBy,
      };
    } catch (error) {
      await opened.close();
      throw error;
    }
  }

  /** Pages of the account's open window (tests look at them). */
  pagesOf(accountId: string) {
    return this.windows.get(accountId)?.context.pages() ?? [];
  }

  /** Closes every window (each gives its display and profile back). */
  async close(): Promise<void> {
    const open = [...this.windows.values()];
    this.windows.clear();
    await Promise.allSettled(open.map((window) => window.close()));
  }
}
