import { runLogMessages } from '@tradedesk/domain';
import type { ServiceResponse, WebAppWindow } from '@tradedesk/domain/web-app';
import type { PageInvoker, PageServiceCall } from '@tradedesk/game-client';
import type { Page } from 'playwright-core';
import type { BrowserRuntime, BrowserWindow } from '../browser/browser-runtime.js';

/** How long a run waits for the user to finish a manual sign-in in the window. */
export const MANUAL_SIGN_IN_TIMEOUT_MS = 10 * 60_000;
const LOAD_TIMEOUT_MS = 30_000;

/** What the run-log says when the page cannot do what a call needs (spec §8's page-only texts). */
export function pageFailureText(call: PageServiceCall): string {
  const { service, method, args } = call;
  if (service === 'Market' && method === 'search') return runLogMessages.unableToFindSearchButton;
  if (service === 'Item' && method === 'move')
    return args[1] === 'club' ? runLogMessages.failedToSendToClub : runLogMessages.failedToMoveToTransferList;
  if (service === 'Market' && method === 'list') return runLogMessages.failedToList;
  if (service === 'Item' && method === 'quickSell') return runLogMessages.failedToSell;
  return runLogMessages.unableToFetchMarketData;
}

/**
 * Calls a service of the page (`window.services`). A page that lost its services (navigated
 * away, crashed, closed) fails with the spec's page-only run-log text, which ends the run.
 */
export function pageInvoker(page: Page): PageInvoker {
  return async (call) => {
    const answer = await page
      .evaluate(
        async ({ service, method, args }) => {
          const services = (globalThis as unknown as Partial<WebAppWindow>).services;
          const group = services?.[service] as
            Record<string, ((...values: unknown[]) => Promise<unknown>) | undefined> | undefined;
          const run = group?.[method];
          return typeof run === 'function' ? ((await run(...args)) as ServiceResponse<unknown>) : undefined;
        },
        { service: call.service, method: call.method, args: [...call.args] },
      )
      .catch(() => undefined);
    if (!answer) throw new Error(pageFailureText(call));
    return answer;
  };
}

export interface WebAppSignIn {
  /** The UT session the agent signed in with (sandbox session hand-over), or none for a manual sign-in. */
  readonly sessionId: string | undefined;
  readonly platform: string;
}

/**
 * Opens the game's web app in a window of its own, with the add-on, signed in: with the agent's
 * session when there is one (the sandbox's `#sid=` hand-over), otherwise by the user in the window
 * (manual login), waited for up to MANUAL_SIGN_IN_TIMEOUT_MS.
 */
export async function openWebAppWindow(
  runtime: BrowserRuntime,
  webAppUrl: string,
  signIn: WebAppSignIn,
  extensionDir: string | undefined,
): Promise<BrowserWindow> {
  const opened = await runtime.openWindow({ extensionDir });
  const { page } = opened;
  try {
    const url = new URL(webAppUrl);
    if (signIn.sessionId !== undefined)
      url.hash = new URLSearchParams({ sid: signIn.sessionId, platform: signIn.platform }).toString();
    await page.goto(url.toString(), { timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(
      () => (globalThis as unknown as Partial<WebAppWindow>).repositories?.User.signedIn === true,
      undefined,
      { timeout: signIn.sessionId === undefined ? MANUAL_SIGN_IN_TIMEOUT_MS : LOAD_TIMEOUT_MS, polling: 250 },
    );
    return opened;
  } catch (error) {
    await opened.close();
    // Playwright's own text carries a call log: the run-log gets its first line.
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    throw new Error(`Unable to open the game web app: ${reason}`);
  }
}
