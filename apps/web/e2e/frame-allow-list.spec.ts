import { expect, test } from './support/fixtures';
import { framingLaunchOptions } from './support/framing';

// The app is framed by a page Playwright serves: see support/framing.ts.
test.use(framingLaunchOptions);

// Plain HTTP: an HTTPS page may not frame the loopback server (mixed content).
test.use({ serverEnv: { FRAME_ANCESTORS: 'http://partner.example' } });

test('a site on FRAME_ANCESTORS embeds the app in iframe mode (no navigation bar)', async ({
  page,
  server,
}) => {
  await page.route('http://partner.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<iframe title="Trade Desk" src="${server.baseURL}/login?iframe=true" width="800" height="600"></iframe>`,
    }),
  );
  await page.goto('http://partner.example/');
  const app = page.frameLocator('iframe[title="Trade Desk"]');
  await expect(app.getByLabel('Username')).toBeVisible();
  await expect(app.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
