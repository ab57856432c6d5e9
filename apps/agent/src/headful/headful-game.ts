import type { SessionStart } from '@tradedesk/domain/realtime';
import { gamePortFromClient, type GamePort } from '@tradedesk/engine';
import { createPageGameApis, type GameClientConfig } from '@tradedesk/game-client';
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
 * first), so it forwards to the window's once `signIn` opened it.
 */
export class HeadfulGame {
  private window: BrowserWindow | undefined;
  private pagePort: GamePort | undefined;

  constructor(
    private readonly options: HeadfulOptions,
    private readonly config: GameClientConfig,
    private readonly account: GameAccount,
    private readonly command: SessionStart,
    /** Tells the user the run waits for their sign-in in the window. */
    private readonly onWaitingForSignIn: () => Promise<void>,
  ) {}

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
    this.pagePort = gamePortFromClient(
      createPageGameApis(pageInvoker(this.window.page), this.config),
      this.signIn,
    );
  };

  /** The engine's port: every call goes to the open window's page. */
  gamePort(): GamePort {
    const page = (): GamePort => {
      if (!this.pagePort) throw new Error('The web app window is not open');
      return this.pagePort;
    };
    return {
      search: (search) => page().search(search),
      bid: (tradeId, amount) => page().bid(tradeId, amount),
      tradeStatus: (tradeIds) => page().tradeStatus(tradeIds),
      transferList: () => page().transferList(),
      unassigned: () => page().unassigned(),
      moveItem: (move) => page().moveItem(move),
      list: (listing) => page().list(listing),
      relistAll: () => page().relistAll(),
      clearSold: () => page().clearSold(),
      quickSell: (itemId) => page().quickSell(itemId),
      credits: () => page().credits(),
      requestCounters: () => (this.pagePort ? this.pagePort.requestCounters() : { requests: 0, searches: 0 }),
      reauthenticate: () => this.signIn(),
    };
  }

  async close(): Promise<void> {
    const window = this.window;
    this.window = undefined;
    this.pagePort = undefined;
    await window?.close();
  }
}
