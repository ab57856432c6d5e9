import { sitePaths } from '@tradedesk/domain';
import type { Page } from '@playwright/test';
import { expect, signInThroughForm, test } from './support/fixtures';
import { framingLaunchOptions } from './support/framing';

// The app is framed by a page Playwright serves: see support/framing.ts.
test.use(framingLaunchOptions);

/** Every page of the app, with a sample post for the blog's parameterised route. */
const everyPage = Object.values(sitePaths).map((path) => path.replace(':hash', 'sample-post'));

/** Collects CSP violations the page reports, as events and as console errors. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('every page of the app renders under the CSP without a single violation', async ({ page, server }) => {
  // Some sixty page loads, each waiting for the network to settle: more than the default minute on a busy machine.
  test.slow();
  const violations = await watchViolations(page);
  for (const path of everyPage) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await signInThroughForm(page, server.demo);
  await expect(page.getByRole('heading', { name: 'Welcome back, demo' })).toBeVisible();
  for (const path of everyPage) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // The theme switch runs the inline script allowed by its hash on the next load.
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('another site cannot frame the app (frame-ancestors without an allow-list)', async ({
  page,
  server,
}) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) blocked.push(message.text());
  });
  await page.route('http://evil.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<iframe src="${server.baseURL}/login?iframe=true" width="600" height="400"></iframe>`,
    }),
  );
  await page.goto('http://evil.example/');
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(server.baseURL));
  await expect(frame?.getByLabel('Username') ?? page.getByLabel('Username')).toHaveCount(0);
});
