import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The Chromium flags that work on these machines (playwright.config.ts uses the same). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

export interface BrowserRuntimeOptions {
  /** The system Chromium; default CHROMIUM_PATH or /usr/bin/chromium (never a downloaded one). */
  readonly executablePath?: string;
  /** Default true; headful mode (Launch Webapp) grows from here with `false`. */
  readonly headless?: boolean;
  /** Viewport of every page, CSS pixels; `null` lets a visible window size its pages. */
  readonly viewport?: { readonly width: number; readonly height: number } | null;
  /** Environment of the browser process (a headed one needs `DISPLAY`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The agent's one owner of a browser: launches Chromium on first use, gives each task its own
 * isolated context (cookies of one game account never meet another's) and closes everything on
 * `close`. Screenshots use it today; headful sessions will keep their contexts open through it.
 */
export class BrowserRuntime {
  private browser: Promise<Browser> | undefined;

  constructor(private readonly options: BrowserRuntimeOptions = {}) {}

  /** Runs `task` in a fresh context that is closed afterwards, whatever happens. */
  async withContext<T>(task: (context: BrowserContext) => Promise<T>): Promise<T> {
    const browser = await this.launch();
    const context = await browser.newContext({
      viewport: this.options.viewport ?? { width: 900, height: 600 },
    });
    try {
      return await task(context);
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  /** A fresh context that stays open until the caller closes it (a window a person uses). */
  async openContext(): Promise<BrowserContext> {
    const browser = await this.launch();
    return browser.newContext({ viewport: this.options.viewport ?? null });
  }

  /** Closes the browser (a later task launches a new one). */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => undefined))?.close();
  }

  private launch(): Promise<Browser> {
    this.browser ??= chromium
      .launch({
        executablePath: this.options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: this.options.headless ?? true,
        args: [...CHROMIUM_FLAGS],
        ...(this.options.env === undefined ? {} : { env: { ...process.env, ...this.options.env } }),
      })
      .catch((error: unknown) => {
        this.browser = undefined;
        throw error;
      });
    return this.browser;
  }
}
