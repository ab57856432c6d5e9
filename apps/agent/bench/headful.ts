/**
 * `npm run bench -- headful`: what a headful session costs against a headless one, side by side
 * on the same sandbox game: (1) reaction time, from sending the search that holds a bargain to the
 * Buy Now answer (search + buy, the snipe's critical path), headless over game-client vs headful
 * through the web app window's services; (2) memory of one headful window (all Chromium processes
 * of its profile) against the agent process itself.
 */
import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createPageGameApis, GameClient, type MarketApi } from '@tradedesk/game-client';
import { BrowserRuntime } from '../src/browser/browser-runtime.js';
import { openWebAppWindow, pageInvoker } from '../src/headful/web-app-window.js';
import { admin, gameConfig, quantile } from './sandbox.js';
import { startChildSim } from './sim-process.js';

const SNIPES = 30;
const extensionDir = fileURLToPath(new URL('../../extension/dist/unpacked/', import.meta.url));

/**
 * Memory (MB) of every process whose command line names `marker`, as proportional set size: pages
 * Chromium's processes share (libraries, the zygote) are split between them, not counted per process.
 */
async function windowMemoryMb(marker: string): Promise<number> {
  let kb = 0;
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes(marker)) continue;
      const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // the process ended while we looked
    }
  }
  return kb / 1024;
}

async function snipeTimes(market: MarketApi): Promise<number[]> {
  const samples: number[] = [];
  for (let snipe = 0; snipe < SNIPES; snipe += 1) {
    const started = performance.now();
    const page = await market.search({ definitionId: 20_801, maxBuyNow: 150 });
    const bargain = page.auctions[0];
    if (!bargain) throw new Error('No planted listing left');
    await market.buyNow(bargain);
    samples.push(performance.now() - started);
  }
  return samples;
}

const line = (name: string, samples: number[]) =>
  `${name.padEnd(9)} p50 ${quantile(samples, 0.5).toFixed(1)} ms  p90 ${quantile(samples, 0.9).toFixed(1)} ms  (${samples.length} snipes)`;

export async function benchHeadful(): Promise<void> {
  const sim = await startChildSim({
    seed: 5,
    startingCoins: 50_000_000,
    market: { initialListings: 500, mispricedShare: 0, rivalCatchShare: 0, humanBuyShare: 0 },
    abuse: { enabled: false, listingVisibilityDelaySeconds: 0 },
  });
  const runtime = new BrowserRuntime();
  try {
    await admin(sim, '/listings', {
      definitionId: 20_801,
      platform: 'pc',
      buyNowPrice: 150,
      count: 2 * SNIPES + 10,
    });
    const config = gameConfig(sim);
    const headless = new GameClient({ config });
    await headless.signIn(
      { email: 'bench.headless@example.com', password: 'pw', backupCode: 'BENCH001' },
      'pc',
    );
    const headlessTimes = await snipeTimes(headless.market);

    const agentBefore = process.memoryUsage().rss / 2 ** 20;
    const owner = new GameClient({ config });
    await owner.signIn({ email: 'bench.headful@example.com', password: 'pw', backupCode: 'BENCH002' }, 'pc');
    const window = await openWebAppWindow(
      runtime,
      new URL('/web-app/', sim.url).href,
      { sessionId: owner.sessionId, platform: 'pc' },
      existsSync(`${extensionDir}manifest.json`) ? extensionDir : undefined,
    );
    const headful = createPageGameApis(pageInvoker(window.page), config);
    const headfulTimes = await snipeTimes(headful.market);
    const windowMb = await windowMemoryMb(window.profileDir);
    const agentAfter = process.memoryUsage().rss / 2 ** 20;

    console.log('Reaction time (search + Buy Now on a planted bargain, loopback sandbox):');
    console.log(`  ${line('headless', headlessTimes)}`);
    console.log(`  ${line('headful', headfulTimes)}`);
    console.log(
      `  headful/headless p50 ${(quantile(headfulTimes, 0.5) / quantile(headlessTimes, 0.5)).toFixed(2)}, p90 ${(quantile(headfulTimes, 0.9) / quantile(headlessTimes, 0.9)).toFixed(2)}`,
    );
    console.log(
      `Memory per headful session: ${windowMb.toFixed(0)} MB (proportional set size of the Chromium window with the add-on, ${window.display} display); ` +
        `the agent process grew ${(agentAfter - agentBefore).toFixed(0)} MB for it; a headless session is a few MB of the agent's heap.`,
    );
  } finally {
    await runtime.close();
    await sim.close();
  }
}
