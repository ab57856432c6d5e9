import { test as base, expect, type Page } from '@playwright/test';
import { createSandboxUser, startServer, startTimeoutMs, type RunningServer } from './server';

type TestFixtures = {
  /** On a failure, prints what the page showed and what the server logged during the test (CI keeps only stdout). */
  failureReport: void;
};

type WorkerFixtures = {
  /** `test.use({ withSandboxAdmin: true })` starts the server with the sandbox game's admin API. */
  withSandboxAdmin: boolean;
  /** `test.use({ serverEnv: {...} })` starts the server with extra environment. */
  serverEnv: Record<string, string>;
  server: RunningServer;
};

/** One real server per worker; every test gets a page pointed at it. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  withSandboxAdmin: [false, { scope: 'worker', option: true }],
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ withSandboxAdmin, serverEnv }, use) => {
      const server = await startServer({ withSandboxAdmin, env: serverEnv });
      await use(server);
      await server.stop();
    },
    // The start-up wait plus the build check and the first answers.
    { scope: 'worker', timeout: Math.max(120_000, startTimeoutMs + 30_000) },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  failureReport: [
    async ({ page, server }, use, testInfo) => {
      const logStart = server.output().length;
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 5_000 })
        .catch((error: Error) => `(no snapshot: ${error.message.split('\n')[0]})`);
      const log = server.output().slice(logStart).split('\n').slice(-80).join('\n');
      const report = `--- the page at the failure (${page.url()}) ---\n${snapshot}\n--- the server's log during the test ---\n${log}`;
      console.log(report);
      await testInfo.attach('failure-report', { body: report, contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the login form, as a person would. */
export async function signInThroughForm(page: Page, credentials: { username: string; token: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Token').fill(credentials.token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A fresh sandbox user (options as `createSandboxUser`), signed in through the form and on the home page. */
export async function signInNewUser(
  page: Page,
  baseURL: string,
  user: Parameters<typeof createSandboxUser>[1],
): Promise<{ username: string; token: string }> {
  const created = await createSandboxUser(baseURL, user);
  await signInThroughForm(page, created);
  await page.waitForURL((url) => url.pathname === '/');
  return created;
}
