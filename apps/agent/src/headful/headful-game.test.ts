import type { SessionStart } from '@tradedesk/domain/realtime';
import type { ServiceResponse } from '@tradedesk/domain/web-app';
import { sandboxConfig } from '@tradedesk/game-client';
import { describe, expect, it } from 'vitest';
import type { BrowserRuntime, BrowserWindow } from '../browser/browser-runtime.js';
import type { GameAccount } from '../game-account.js';
import { HeadfulGame } from './headful-game.js';

const creditsAnswer: ServiceResponse<unknown> = {
  success: true,
  status: 200,
  data: { credits: 12_000, currencies: [] },
  error: undefined,
};

/** A browser whose windows open signed in at once and whose page answers every service call. */
function fakeRuntime() {
  const opened: string[] = [];
  const runtime = {
    openWindow: async () => {
      const page = {
        goto: async (url: string) => void opened.push(url),
        waitForFunction: async () => undefined,
        evaluate: async () => creditsAnswer,
      };
      return { page, close: async () => undefined } as unknown as BrowserWindow;
    },
  } as unknown as BrowserRuntime;
  return { runtime, opened };
}

describe('a headful run’s game port', () => {
  it('keeps the request counters across a re-sign-in (the account’s budget counts the whole run)', async () => {
    const { runtime, opened } = fakeRuntime();
    // A manual-login account: the user signs in in the window, so no protocol sign-in happens here.
    const command = { accountId: 'a1', platform: 'pc', isManualLogin: true } as unknown as SessionStart;
    const game = new HeadfulGame(
      { runtime, webAppUrl: 'http://127.0.0.1:1/web-app/' },
      sandboxConfig('http://127.0.0.1:1'),
      {} as GameAccount,
      command,
      async () => undefined,
    );
    const port = game.gamePort();
    await game.signIn();
    await port.credits();
    await port.credits();
    expect(port.requestCounters()).toEqual({ requests: 2, searches: 0 });

    await port.reauthenticate?.();
    expect(opened).toHaveLength(2);
    expect(port.requestCounters()).toEqual({ requests: 2, searches: 0 });
    expect(await port.credits()).toMatchObject({ coins: 12_000 });
    expect(port.requestCounters()).toEqual({ requests: 3, searches: 0 });
    await game.close();
  });
});
