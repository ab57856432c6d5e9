/**
 * `npm run bench -- web`: Lighthouse (mobile profile: simulated slow 4G and a 4× slower CPU) on
 * every public page signed out and on the desk's pages signed in, against the real server serving
 * apps/web/dist, in the system Chromium, offline. Each page is audited BENCH_WEB_RUNS times (3 by
 * default) and its median run is printed (Lighthouse's own choice of median, its advice against
 * run-to-run variance): scores, FCP, LCP, TBT and CLS, the JavaScript it loads (gzip), the
 * machine's speed in that run (CPU idx), every run's performance, and each figure against issue
 * 29's target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
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

/** BENCH_WEB_RUNS: audits per page, of which the median run is printed. */
const runsPerPage = Number(process.env.BENCH_WEB_RUNS ?? 3);
if (!Number.isInteger(runsPerPage) || runsPerPage < 1)
  throw new Error(`BENCH_WEB_RUNS must be a whole number from 1, not ${process.env.BENCH_WEB_RUNS}`);

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
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's `benchmarkIndex` of the median run: an ordinary desktop 1,000–2,000, lower = busier. */
  cpuIndex: number;
  /** Every run's performance score, in the order they ran (failed runs left out). */
  performanceRuns: number[];
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

type Report = Parameters<typeof computeMedianRun>[0][number];

const performanceOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);

/** One Lighthouse run; a run Lighthouse could not finish (its runtimeError) is reported and left out. */
async function auditOnce(url: string, port: number, keepStorage: boolean): Promise<Report | undefined> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    console.log(`(Lighthouse error on ${url}: ${result.lhr.runtimeError.code}; run left out)`);
    return undefined;
  }
  return result.lhr;
}

/** `runsPerPage` runs of one page; the figures of the median run (the one saved, with BENCH_WEB_REPORTS). */
async function audit(url: string, port: number, keepStorage: boolean): Promise<Omit<PageFigures, 'path'>> {
  const reports: Report[] = [];
  for (let run = 0; run < runsPerPage; run += 1) {
    const report = await auditOnce(url, port, keepStorage);
    if (report) reports.push(report);
  }
  const valid = filterToValidRuns(reports);
  if (valid.length === 0) throw new Error(`No Lighthouse run of ${url} finished`);
  const median = computeMedianRun(valid);
  saveReport(url, keepStorage, median);
  const { categories, audits, environment } = median;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    cpuIndex: environment.benchmarkIndex,
    performanceRuns: reports.map(performanceOf),
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
  console.log(
    `(the median of ${runsPerPage} run${runsPerPage === 1 ? '' : 's'} per page; "perf per run" in the order they ran)`,
  );
  console.log(
    '| page | perf | a11y | best pr. | SEO | FCP ms | LCP ms | TBT ms | CLS | JS kB gzip | CPU idx | perf per run | misses |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
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
        `${Math.round(page.fcpMs)} | ${Math.round(page.lcpMs)} | ${Math.round(page.tbtMs)} | ` +
        `${page.cls.toFixed(3)} | ${jsOf(page.path).toFixed(1)} | ${Math.round(page.cpuIndex)} | ` +
        `${page.performanceRuns.join(' / ')} | ${misses.join(', ') || '—'} |`,
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
    const auditEach = async (paths: string[], signedIn: boolean, row: (page: PageFigures) => void) => {
      for (const pagePath of chosen(paths)) {
        try {
          row({ path: pagePath, ...(await audit(`${server.baseURL}${pagePath}`, chrome.port, signedIn)) });
        } catch (error) {
          // One page's failure (Lighthouse gives up on a page now and then) does not end the others.
          console.log(`| ${pagePath} | (${error instanceof Error ? error.message : String(error)}) |`);
        }
      }
    };
    await auditEach(publicPaths, false, table('Public pages, signed out', targets.public));

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
    await auditEach(deskPaths, true, table('Desk pages, signed in', targets.desk));
  } finally {
    chrome.kill();
    await server.stop();
  }
}
