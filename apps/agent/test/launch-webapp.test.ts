import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentAck, TransferEventEnvelope } from '@tradedesk/domain/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, gameConfig, startBenchSim, type BenchSim } from '../bench/sandbox.js';
import { BrowserRuntime } from '../src/browser/browser-runtime.js';
import { WebAppLauncher } from '../src/browser/launch-webapp.js';
import { createRunHost } from '../src/run-host.js';
import { registerTransferCommands } from '../src/transfer/transfer-commands.js';

let sim: BenchSim;
let launcher: WebAppLauncher;
let addOnDir: string;
let simAccountId: string;
const runtime = new BrowserRuntime();
const handlers = new Map<string, (payload: unknown, ack?: (answer: AgentAck) => void) => void>();
const events: TransferEventEnvelope[] = [];
const host = createRunHost({
  socket: {
    on: (event, listener) => handlers.set(event, listener),
    emitWithAck: async (_event, envelope) => {
      events.push(envelope as TransferEventEnvelope);
      return { ok: true };
    },
  },
  capacity: 1,
  log: () => undefined,
});

const account = {
  accountId: 'acc-launch',
  email: 'launch@example.com',
  password: 'launch-password',
  backupCode: 'LNCH0001',
  platform: 'ps' as const,
};

/** Sends `transfer-launch-webapp` as the server would and waits for its one answer event. */
async function launch(transferId: string): Promise<TransferEventEnvelope['event']> {
  const acks: AgentAck[] = [];
  const route = { kind: 'launch', userId: 'user-1' };
  handlers.get('transfer-launch-webapp')?.({ transferId, route, account, isBuyer: true }, (answer) =>
    acks.push(answer),
  );
  expect(acks).toEqual([{ ok: true }]);
  await expect
    .poll(() => events.find((envelope) => envelope.transferId === transferId), { timeout: 60_000 })
    .toBeDefined();
  return events.find((envelope) => envelope.transferId === transferId)!.event;
}

beforeAll(async () => {
  sim = await startBenchSim({ seed: 21, clock: { speed: 0 }, market: { initialListings: 20 } });
  simAccountId = ((await admin(sim, '/accounts', { ...account, coins: 246_800 })) as { id: string }).id;
  // A tiny unpacked add-on that marks every page it runs in: the window must load it as a headful one does.
  addOnDir = await mkdtemp(join(tmpdir(), 'launch-add-on-'));
  await writeFile(
    join(addOnDir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Launch test add-on',
      version: '1.0.0',
      content_scripts: [{ matches: ['<all_urls>'], js: ['mark.js'], run_at: 'document_end' }],
    }),
  );
  await writeFile(join(addOnDir, 'mark.js'), "document.documentElement.dataset.addOn = 'loaded';");
  launcher = new WebAppLauncher({ runtime, webAppUrl: `${sim.url}/web-app/`, extensionDir: addOnDir });
  registerTransferCommands(host, {
    game: gameConfig(sim),
    browser: runtime,
    webAppUrl: `${sim.url}/web-app/`,
    launcher,
    log: () => undefined,
  });
}, 60_000);
afterAll(async () => {
  await launcher.close();
  await runtime.close();
  await sim.close();
  await rm(addOnDir, { recursive: true, force: true });
});

describe('Launch Webapp', { timeout: 90_000 }, () => {
  it('opens the account’s game web app in a visible browser, signed in, showing its coins', async () => {
    const event = await launch('launch-1');

    expect(event).toMatchObject({
      type: 'webapp-launched',
      accountId: 'acc-launch',
      isBuyer: true,
      coins: 246_800,
      blockedBy: null,
    });
    expect(['desktop', 'virtual']).toContain((event as { display: string }).display);
    const [page] = launcher.pagesOf('acc-launch');
    expect(await page?.getByTestId('coins').innerText()).toBe('246800');
    expect(await page?.locator('main').getAttribute('data-view')).toBe('home');
    // A headed window: the browser reports no headless user agent.
    expect(await page?.evaluate('navigator.userAgent')).not.toContain('Headless');
    // The add-on runs in it.
    await expect.poll(() => page?.locator('html').getAttribute('data-add-on')).toBe('loaded');
  });

  it('replaces the account’s window when launched again', async () => {
    const [before] = launcher.pagesOf('acc-launch');
    await launch('launch-2');
    expect(before?.isClosed()).toBe(true);
    expect(launcher.pagesOf('acc-launch')).toHaveLength(1);
  });

  it('refuses while the account is active', async () => {
    // Another run of the agent holds the account (as a snipe session would).
    let endRun: () => void = () => {};
    const running = new Promise<void>((resolve) => (endRun = resolve));
    void host.hold(
      {
        id: 'lease-1',
        label: 'session acc-launch',
        accounts: ['acc-launch'],
        takesSlot: true,
        stop: async () => endRun(),
      },
      running,
    );
    const event = await launch('launch-3');
    endRun();

    expect(event).toMatchObject({
      type: 'error',
      description: 'The account is active: stop it before launching its web app',
    });
  });
  // Last: the ban stays on the sandbox account.
  it('tells of a soft ban screen instead of a balance of 0', async () => {
    await admin(sim, `/accounts/${simAccountId}/soft-ban`, { minutes: 5 });
    const event = await launch('launch-banned');
    expect(event).toMatchObject({ type: 'webapp-launched', coins: null, blockedBy: 'soft-ban' });
  });
});
