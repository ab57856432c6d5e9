/**
 * Renders the public site to HTML after the two Vite builds (the browser's in dist/, the server
 * entry's in dist-ssr/): one file per public page in dist/prerendered/, plus sitemap.xml and
 * robots.txt. Addresses in them name the site as a placeholder the server fills in
 * (apps/server/src/web/prerendered.ts). Run by `npm run build -w @tradedesk/web`.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

import type * as ServerEntryModule from '../src/entry-server';
import type { PublicPage } from '../src/prerender/public-pages';
import { appStartAttribute, appStartScript, type AppStart } from '../src/prerender/app-start-script';
import type { PrerenderedQuery } from '../src/prerender/prerendered-queries';
import { authStorageKey, themeStorageKey } from '../src/stores/storage-keys';

type ServerEntry = typeof ServerEntryModule;

const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(webDir, 'dist');
const ssrDir = path.join(webDir, 'dist-ssr');
const prerenderedDirName = 'prerendered';
/** The pages that read API data, drawn without it (apps/server/src/web/prerendered.ts sends either). */
const withoutDataDirName = 'prerendered-without-data';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: "</" and "<!--" may not appear in it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The file of a page's HTML: "/" → index.html, "/blog/x" → blog/x.html. */
const prerenderedFileOf = (pagePath: string) =>
  pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;

function headFor(entry: ServerEntry, page: PublicPage): string {
  const origin = entry.siteOriginPlaceholder;
  const title = escapeHtml(entry.documentTitle(page.title));
  const description = escapeHtml(page.description);
  const url = `${origin}${page.path}`;
  const image = `${origin}${page.image}`;
  const structuredData = page.structuredData === 'faq' ? entry.faqStructuredData() : page.structuredData;
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:site_name" content="Trade Desk" />`,
    `<meta property="og:type" content="${page.ogType}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    ...(structuredData ? [`<script type="application/ld+json">${scriptJson(structuredData)}</script>`] : []),
  ].join('\n    ');
}

const moduleScriptTag = /\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreloadTag = /\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The template with its module script and preloads moved behind the page's `appStartScript`. */
function withAppStartScript(template: string): string {
  const entry = moduleScriptTag.exec(template)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const preloads = [...template.matchAll(modulePreloadTag)].map((match) => match[1]!);
  const script = appStartScript({
    entry,
    preloads,
    sessionStorageKey: authStorageKey,
    themeStorageKey,
  });
  return template
    .replace(moduleScriptTag, '')
    .replace(modulePreloadTag, '')
    .replace('</body>', `  ${script}\n  </body>`);
}

/**
 * What the server's public reads answer with the bundled catalogue, by address (the server's own
 * `catalogueAnswers`, printed by a script of the server's: the web does not import the server).
 */
async function bundledAnswers(): Promise<Record<string, unknown>> {
  const repoRoot = path.resolve(webDir, '..', '..');
  const { stdout } = await promisify(execFile)(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    ['apps/server/scripts/catalogue-answers.ts'],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

function answered(page: PublicPage, answers: Record<string, unknown>): PrerenderedQuery[] {
  return (page.queries ?? []).map((query) => {
    if (!(query.address in answers)) throw new Error(`${page.path} reads ${query.address}: no answer for it`);
    return { ...query, data: answers[query.address] };
  });
}

/** index.html with the page's head and markup in place of the generic title, description and empty root. */
function pageHtml(
  template: string,
  page: PublicPage,
  head: string,
  body: string,
  { appStart, dataBlock }: { appStart: AppStart; dataBlock: string },
): string {
  const withHead = withAppStartScript(template)
    .replace(/\n\s*<title>[^<]*<\/title>/, '')
    .replace(/\n\s*<meta\s+name="description"[^>]*\/>/, '')
    .replace('</head>', `  ${head}\n  </head>`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  // The path tells main.tsx which page the markup is: the not-found page is also sent for unknown paths.
  return withHead.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${page.path}" ${appStartAttribute}="${appStart}">${body}</div>${dataBlock}`,
  );
}

async function write(file: string, text: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

async function prerender() {
  const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
  const template = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const outDir = path.join(distDir, prerenderedDirName);
  const withoutDataDir = path.join(distDir, withoutDataDirName);
  await rm(outDir, { recursive: true, force: true });
  await rm(withoutDataDir, { recursive: true, force: true });
  const answers = entry.publicPages.some((page) => page.queries) ? await bundledAnswers() : {};
  for (const page of entry.publicPages) {
    const head = headFor(entry, page);
    const queries = answered(page, answers);
    const html = await entry.renderPage(page.path, queries);
    const dataBlock = queries.length > 0 ? entry.prerenderedQueriesBlock(queries) : '';
    const file = prerenderedFileOf(page.path);
    await write(
      path.join(outDir, file),
      pageHtml(template, page, head, html, { appStart: page.appStart, dataBlock }),
    );
    if (queries.length === 0) continue;
    // For a server whose prices differ: the page loads them itself, so it starts the app at once.
    const loading = await entry.renderPage(page.path);
    await write(
      path.join(withoutDataDir, file),
      pageHtml(template, page, head, loading, { appStart: 'after-first-paint', dataBlock: '' }),
    );
  }
  await writeFile(path.join(outDir, 'sitemap.xml'), entry.renderSitemap(entry.siteOriginPlaceholder));
  await writeFile(path.join(outDir, 'robots.txt'), entry.renderRobots(entry.siteOriginPlaceholder));
  await rm(ssrDir, { recursive: true, force: true });
  console.log(`Prerendered ${entry.publicPages.length} public pages into dist/${prerenderedDirName}/`);
}

await prerender();
