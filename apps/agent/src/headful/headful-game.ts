import type { SessionStart } from '@tradedesk/domain/realtime';
import { gamePortFromClient, type GamePort } from '@tradedesk/engine';
import { createPageGameApis, type GameClientConfig, type PageInvoker } from '@tradedesk/game-client';
import type { BrowserRuntime, BrowserWindow } from '../browser/browser-runtime.js';
import type { GameAccount } from '../game-account.js';
import { openWebAppWindow, pageInvoker } from './web-app-window.js';

/** What a headful run needs from the agent: its browser owner and the add-on to load. */
export interface HeadfulOptions {
  readonly runtime: BrowserRuntime;
  /** The game's web app (the sandbox's `/web-app/`, or the game's own). */
  readonly webAppUrl: string;
  /** The companion add-on's unpacked build; without it the window opens without the add-on. */
  readonly extensionDir?: string | undefined;
}

/** Headful when the run asks for it (the Headless toggle off) and the agent can open windows. */
export const runsHeadful = (
  command: SessionStart,
  headful: HeadfulOptions | undefined,
): headful is HeadfulOptions => headful !== undefined && !command.configuration.advanced.isHeadlessEnabled;

/**
 * One account's headful connection: a window on the game's web app, signed in (by the agent's
 * own sign-in, or by the user when the account logs in manually), and the engine's GamePort
 * performed by the page's services. The port exists before the window does (the engine is built
 * first): its calls go to whichever window `signIn` opened last.
 */
export class HeadfulGame {
  private window: BrowserWindow | undefined;
  /**
   * Built once for the whole run: a re-sign-in replaces the window, never the request counters
   * (the account's request budget and statistics count every call of the run).
   */
  private readonly port: GamePort;

  constructor(
    private readonly options: HeadfulOptions,
    config: GameClientConfig,
    private readonly account: GameAccount,
    private readonly command: SessionStart,
    /** Tells the user the run waits for their sign-in in the window. */
    private readonly onWaitingForSignIn: () => Promise<void>,
  ) {
    const invokeOnOpenWindow: PageInvoker = (call) => {
      if (!this.window) throw new Error('The web app window is not open');
      return pageInvoker(this.window.page)(call);
    };
    this.port = gamePortFromClient(createPageGameApis(invokeOnOpenWindow, config), this.signIn);
  }

  /** Opens the window signed in; a second call (a re-sign-in) replaces it. */
  readonly signIn = async (): Promise<void> => {
    await this.close();
    let sessionId: string | undefined;
    if (this.command.isManualLogin === true) await this.onWaitingForSignIn();
    else {
      await this.account.signIn();
      sessionId = this.account.client.sessionId;
    }
    this.window = await openWebAppWindow(
      this.options.runtime,
      this.options.webAppUrl,
      { sessionId, platform: this.command.platform },
      this.options.extensionDir,
    );
  };

  /** The engine's port: every call goes to the open window's page. */
  gamePort(): GamePort {
    return this.port;
  }

  async close(): Promise<void> {
    const window = this.window;
    this.window = undefined;
    await window?.close();
  }
}
