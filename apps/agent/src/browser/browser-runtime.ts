import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { acquireDisplay, type Display } from './display.js';

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
  /** Default true (the screenshot browser); headful windows are always headed (`openWindow`). */
  readonly headless?: boolean;
  /** Viewport of every page, CSS pixels. */
  readonly viewport?: { readonly width: number; readonly height: number };
}

/** A visible browser window of its own (a headful session, Launch Webapp). */
export interface BrowserWindow {
  readonly context: BrowserContext;
  /** The window's first tab. */
  readonly page: Page;
  /** Where it shows: `desktop` (the screen of the agent's machine) or `virtual` (an Xvfb there). */
  readonly display: Display['kind'];
  /** The window's own profile directory (Chromium's processes name it: the memory benchmark sums them). */
  readonly profileDir: string;
  /** Closes the window, gives the display back and deletes its profile. */
  close(): Promise<void>;
}

export interface WindowOptions {
  /** An unpacked add-on to load (the companion add-on's `dist/unpacked`). */
  readonly extensionDir?: string | undefined;
}

/**
 * The agent's one owner of a browser: launches Chromium on first use, gives each task its own
 * isolated context (cookies of one game account never meet another's) and closes everything on
 * `close`. Screenshots use it today; headful sessions will keep their contexts open through it.
 */
export class BrowserRuntime {
  private browser: Promise<Browser> | undefined;
  private readonly windows = new Set<BrowserWindow>();

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

  /**
   * Opens a headed window with its own profile: add-ons load only in a persistent context, and a
   * profile per window keeps one game account's cookies from every other's. It shows on the
   * desktop when there is one, otherwise on the agent's shared Xvfb.
   */
  async openWindow(options: WindowOptions = {}): Promise<BrowserWindow> {
    const display = await acquireDisplay();
    const profile = await mkdtemp(join(tmpdir(), 'tradedesk-window-'));
    const extension = options.extensionDir
      ? [`--disable-extensions-except=${options.extensionDir}`, `--load-extension=${options.extensionDir}`]
      : [];
    const cleanUp = async () => {
      await display.release();
      await rm(profile, { recursive: true, force: true });
    };
    let context: BrowserContext;
    try {
      context = await chromium.launchPersistentContext(profile, {
        executablePath: this.executablePath(),
        headless: false,
        args: [...CHROMIUM_FLAGS, ...extension],
        env: { ...process.env, DISPLAY: display.name },
        viewport: this.options.viewport ?? { width: 1280, height: 800 },
      });
    } catch (error) {
      await cleanUp();
      throw error;
    }
    let closed: Promise<void> | undefined;
    const window: BrowserWindow = {
      context,
      page: context.pages()[0] ?? (await context.newPage()),
      display: display.kind,
      profileDir: profile,
      close: () =>
        (closed ??= (async () => {
          this.windows.delete(window);
          await context.close().catch(() => undefined);
          await cleanUp();
        })()),
    };
    this.windows.add(window);
    return window;
  }

  /** Closes the browser and every open window (a later task launches a new one). */
  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await Promise.all([...this.windows].map((window) => window.close()));
    if (browser) await (await browser.catch(() => undefined))?.close();
  }

  private executablePath(): string {
    return this.options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  }

  private launch(): Promise<Browser> {
    this.browser ??= chromium
      .launch({
        executablePath: this.executablePath(),
        headless: this.options.headless ?? true,
        args: [...CHROMIUM_FLAGS],
      })
      .catch((error: unknown) => {
        this.browser = undefined;
        throw error;
      });
    return this.browser;
  }
}
