import { afterAll, beforeAll } from 'vitest';
import type { RealtimeOptions } from '../../src/realtime/index.js';
import type { Backend } from '../database.js';
import { hubHookTimeoutMs, openBrowser, startStack, type Browser, type Stack } from './stack.js';

/**
 * Hooks of the enclosing describe: start a stack and sign one browser into it before the tests,
 * disconnect and close both after. Read `stack` and `browser` inside tests (they exist only then).
 */
export function useStackAndBrowser(
  backend: Backend,
  options: RealtimeOptions,
  browserOptions: Parameters<typeof openBrowser>[1] = {},
  stackOptions: Parameters<typeof startStack>[2] = {},
): { readonly stack: Stack; readonly browser: Browser } {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startStack(backend, options, stackOptions);
    browser = await openBrowser(stack.server, browserOptions);
  }, hubHookTimeoutMs);
  afterAll(async () => {
    browser?.socket.disconnect();
    await stack?.close();
  }, hubHookTimeoutMs);
  return {
    get stack() {
      if (!stack) throw new Error('the stack starts in beforeAll; read it inside a test');
      return stack;
    },
    get browser() {
      if (!browser) throw new Error('the browser opens in beforeAll; read it inside a test');
      return browser;
    },
  };
}
