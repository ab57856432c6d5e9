/**
 * `npm run bench -- web`: Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on
 * every public page signed out and on the desk's pages signed in, against the real server serving
 * apps/web/dist, in the system Chromium, offline. Prints each page's scores, LCP, TBT and CLS, the
 * JavaScript it loads (gzip), and each figure against issue 29's target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { measureRoutes } from '../build/route-budgets';
import { startServer } from '../e2e/support/server';

const publicPaths = [
  '/',
  '/faq',
  '/blog',
  '/blog/how-to-unlock-transfer-market',
  '/blog/e3b9c41f',
  '/blog/7a5d2c08',
  '/terms-of-use',
  '/privacy-policy',
  '/cookie-policy',
  '/refund-policy',
  '/affiliate-program-policy',
  '/subscription',
  '/coins',
  '/vps',
  '/accounts',
  '/login',
];
const deskPaths = ['/', '/snipe', '/transfer', '/sbc', '/players', '/marketplace'];

/** BENCH_WEB_PATHS=/faq,/snipe audits only those pages (of either list), to check one change quickly. */
const onlyPaths = process.env.BENCH_WEB_PATHS?.split(',').map((pagePath) => pagePath.trim());
const chosen = (paths: string[]) =>
  onlyPaths ? paths.filter((pagePath) => onlyPaths.includes(pagePath)) : paths;

/** Issue 29's targets: scores out of 100, LCP in ms. */
const targets = {
  public: { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, lcpMs: 1500 },
  desk: { performance: 90, accessibility: 95, bestPractices: 95, seo: 95, lcpMs: Infinity },
};

type PageFigures = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

/**
 * BENCH_WEB_REPORTS=<folder> keeps each page's full Lighthouse result there (JSON), to read
 * where the time goes (its diagnostics: render-blocking resources, LCP element, main-thread work).
 */
function saveReport(url: string, signedIn: boolean, report: unknown): void {
  const folder = process.env.BENCH_WEB_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = `${signedIn ? 'desk' : 'public'}${new URL(url).pathname.replaceAll('/', '_')}.json`;
  writeFileSync(path.join(folder, name), JSON.stringify(report));
}

async function audit(url: string, port: number, keepStorage: boolean): Promise<Omit<PageFigures, 'path'>> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  saveReport(url, keepStorage, result.lhr);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** The JS per page from the build manifest; none for a build made without one (an older build). */
function jsPerRoute() {
  try {
    return measureRoutes(path.resolve(import.meta.dirname, '..', 'dist'));
  } catch {
    return [];
  }
}

/** Prints a group's heading and table head; `row` prints one audited page (as it finishes). */
function table(title: string, target: (typeof targets)['public']) {
  const jsKb = new Map(jsPerRoute().map((route) => [route.path, route.gzipKb]));
  // The legal pages and articles share one page module each: their JS is the one budgeted page's.
  const jsOf = (pagePath: string) =>
    jsKb.get(pagePath) ??
    jsKb.get(pagePath.startsWith('/blog/') ? '/blog/e3b9c41f' : '/terms-of-use') ??
    Number.NaN;
  const lcpTarget = Number.isFinite(target.lcpMs) ? `, LCP ≤ ${target.lcpMs} ms` : '';
  console.log(
    `\n### ${title} (targets: performance ≥ ${target.performance}, accessibility ≥ ${target.accessibility}, ` +
      `best practices ≥ ${target.bestPractices}, SEO ≥ ${target.seo}${lcpTarget})`,
  );
  console.log('| page | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | JS kB gzip | misses |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  return (page: PageFigures) => {
    const misses = [
      page.performance < target.performance && 'perf',
      page.accessibility < target.accessibility && 'a11y',
      page.bestPractices < target.bestPractices && 'best pr.',
      page.seo < target.seo && 'SEO',
      page.lcpMs > target.lcpMs && 'LCP',
    ].filter(Boolean);
    console.log(
      `| ${page.path} | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo} | ` +
        `${Math.round(page.lcpMs)} | ${Math.round(page.tbtMs)} | ${page.cls.toFixed(3)} | ` +
        `${jsOf(page.path).toFixed(1)} | ${misses.join(', ') || '—'} |`,
    );
  };
}

/**
 * Waits until the server answers its pages promptly. Just after its start the server still seeds
 * the sandbox and reads the catalogue, and its first answers took 4–16 s (seen 2026-11-29):
 * Lighthouse takes the observed response time into the simulated TTFB, so the first page audited
 * measured the start, not the page. Each page is asked for once (its compressed copy is made on the
 * first request), then `/` until three answers in a row come within 100 ms (at most 2 minutes).
 */
async function untilSettled(baseURL: string): Promise<void> {
  const startedAt = Date.now();
  for (const pagePath of [...publicPaths, ...deskPaths]) await fetch(`${baseURL}${pagePath}`);
  let prompt = 0;
  while (prompt < 3 && Date.now() - startedAt < 120_000) {
    const askedAt = performance.now();
    await fetch(`${baseURL}/`);
    prompt = performance.now() - askedAt < 100 ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `(the server answered promptly ${((Date.now() - startedAt) / 1000).toFixed(1)} s after its start)`,
  );
}

export async function benchWeb(): Promise<void> {
  const server = await startServer();
  await untilSettled(server.baseURL);
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const publicRow = table('Public pages, signed out', targets.public);
    for (const pagePath of chosen(publicPaths))
      publicRow({ path: pagePath, ...(await audit(`${server.baseURL}${pagePath}`, chrome.port, false)) });

    // Signed in through the form with "Remember me", so the session is in localStorage for Lighthouse's tab.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    await tab.goto(`${server.baseURL}/login`);
    await tab.locator('input[placeholder="Username"]').fill(server.demo.username);
    await tab.locator('input[placeholder="Token"]').fill(server.demo.token);
    await tab.locator('::-p-text(Remember me)').click();
    await tab.locator('button[type="submit"]').click();
    await tab.waitForFunction(() => window.location.pathname === '/');
    await tab.close();
    await browser.disconnect();
    const deskRow = table('Desk pages, signed in', targets.desk);
    for (const pagePath of chosen(deskPaths))
      deskRow({ path: pagePath, ...(await audit(`${server.baseURL}${pagePath}`, chrome.port, true)) });
  } finally {
    chrome.kill();
    await server.stop();
  }
}
