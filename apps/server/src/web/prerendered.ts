import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where the web build puts the public site's prerendered pages, sitemap.xml and robots.txt. */
export const prerenderedDirName = 'prerendered';

/**
 * Where it puts the pages that read API data (the plans pages) a second time, drawn without it
 * (they load it themselves): sent when the server's answers are not those the build drew with.
 */
export const withoutDataDirName = 'prerendered-without-data';

/**
 * The block in which a page carries the API answers it was drawn with, by address
 * (apps/web/src/prerender/prerendered-queries.ts writes it; the app starts from them).
 */
const drawnWithBlock = /<script type="application\/json" id="prerendered-queries">([^<]*)<\/script>/;

/** The web build's stand-in for the site's address (apps/web/src/prerender/public-pages.ts). */
const siteOriginPlaceholder = '%TRADEDESK_SITE_ORIGIN%';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

type PrerenderedFile = {
  /** The path the file answers. */
  address: string;
  /** The key of its compressed copies: a page and its variant without data share an address. */
  cacheKey: string;
  text: string;
  contentType: string;
  /** The API answers (JSON text) the page was drawn with, by address; none for a page that reads none. */
  drawnWith?: ReadonlyMap<string, string>;
  /** The page drawn without them, to send when the server's answers differ. */
  withoutData?: PrerenderedFile;
};

/** The prerendered files by the address they answer: index.html → "/", blog/x.html → "/blog/x". */
export type PrerenderedSite = ReadonlyMap<string, PrerenderedFile>;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

type DrawnWith = { address: string; data: unknown }[];

/** The answers a page was drawn with, each as JSON text (as JSON.stringify writes the server's own). */
function drawnWithOf(text: string): Map<string, string> | undefined {
  const block = drawnWithBlock.exec(text)?.[1];
  if (block === undefined) return undefined;
  const queries = JSON.parse(block) as DrawnWith;
  return new Map(queries.map((query) => [query.address, JSON.stringify(query.data)]));
}

async function loadFolder(dir: string, cacheKeySuffix: string): Promise<Map<string, PrerenderedFile>> {
  const files = new Map<string, PrerenderedFile>();
  if (!existsSync(dir)) return files;
  for (const file of await filesUnder(dir)) {
    const extension = path.extname(file);
    const contentType = contentTypes[extension];
    if (!contentType) continue;
    const relative = path.relative(dir, file).split(path.sep).join('/');
    const address =
      relative === 'index.html' ? '/' : `/${extension === '.html' ? relative.slice(0, -5) : relative}`;
    const text = await readFile(file, 'utf8');
    const drawnWith = extension === '.html' ? drawnWithOf(text) : undefined;
    files.set(address, {
      address,
      cacheKey: `${address}${cacheKeySuffix}`,
      text,
      contentType,
      ...(drawnWith ? { drawnWith } : {}),
    });
  }
  return files;
}

/**
 * Reads dist/prerendered/ (and the variants without data) once at start (a few dozen small
 * files); empty when the build has none.
 */
export async function loadPrerenderedSite(distDir: string): Promise<PrerenderedSite> {
  const site = await loadFolder(path.join(distDir, prerenderedDirName), '');
  const withoutData = await loadFolder(path.join(distDir, withoutDataDirName), ' without data');
  for (const [address, file] of site) {
    const variant = withoutData.get(address);
    if (file.drawnWith && !variant)
      throw new Error(`The web build has ${address} drawn with data but not without: rebuild it`);
    if (variant) site.set(address, { ...file, withoutData: variant });
  }
  return site;
}

/** What the server answers an API address now (its `data`); undefined for an address it does not know. */
export type ApiAnswer = (address: string) => unknown;

/**
 * Chooses, for a page that was drawn with API data, the page itself while the server answers
 * the same (its prices are the ones on sale) and else its variant without data. The answers
 * (the catalogue) are fixed for the process's life, so each page is compared once.
 */
export function pageChooser(apiAnswer: ApiAnswer | undefined): (file: PrerenderedFile) => PrerenderedFile {
  const isCurrent = new Map<string, boolean>();
  const compare = (drawnWith: ReadonlyMap<string, string>) =>
    [...drawnWith].every(([address, data]) => JSON.stringify(apiAnswer?.(address)) === data);
  return (file) => {
    if (!file.drawnWith || !file.withoutData) return file;
    let current = isCurrent.get(file.address);
    if (current === undefined) {
      current = compare(file.drawnWith);
      isCurrent.set(file.address, current);
    }
    return current ? file : file.withoutData;
  };
}

/** A Host header that can only name a host (and port): anything else never reaches the page. */
const plainHost = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/**
 * The site's public address: PUBLIC_URL when the operator set it, else the address the request
 * came to (a Host header that is not a plain host name falls back to localhost).
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = plainHost.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

type ContentEncoding = 'br' | 'gzip';

/** The encoding to send: brotli when the browser takes it, else gzip, else none. */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
): ContentEncoding | undefined {
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    offered.set(name, quality === undefined ? 1 : Number(quality));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

const compressors: Record<ContentEncoding, (text: string) => Buffer> = {
  // Quality 9 of 11: nearly the smallest, a few ms for the largest page, once per page and address.
  br: (text) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (text) => gzipSync(text, { level: 9 }),
};

/**
 * Compressed pages by file, site address and encoding. The address comes from the Host header
 * when PUBLIC_URL is unset, so the cache is bounded: past the bound it starts over.
 */
const compressedPages = new Map<string, Buffer>();
const compressedPagesBound = 500;

function compressedPage(file: PrerenderedFile, origin: string, text: string, encoding: ContentEncoding) {
  const key = `${encoding} ${origin} ${file.cacheKey}`;
  const cached = compressedPages.get(key);
  if (cached) return cached;
  if (compressedPages.size >= compressedPagesBound) compressedPages.clear();
  const compressed = compressors[encoding](text);
  compressedPages.set(key, compressed);
  return compressed;
}

/**
 * schema.org data of a page that only the running server knows (the plans' prices), added to
 * the page's head; undefined for none.
 */
export type PageStructuredData = (pagePath: string, origin: string) => Record<string, unknown> | undefined;

/** The page's text for `origin`, with the server's structured data (JSON in a script: no "<"). */
function pageText(file: PrerenderedFile, origin: string, structuredData: PageStructuredData | undefined) {
  const text = file.text.replaceAll(siteOriginPlaceholder, origin);
  const data = file.contentType.startsWith('text/html') ? structuredData?.(file.address, origin) : undefined;
  if (!data) return text;
  const script = `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
  return text.replace('</head>', `  ${script}\n  </head>`);
}

/**
 * Sends a prerendered file with the site's address in place of the build's placeholder,
 * compressed when the browser accepts it (the pages are 10–60 kB of HTML).
 */
export function sendPrerendered(
  request: FastifyRequest,
  reply: FastifyReply,
  file: PrerenderedFile,
  origin: string,
  options: { statusCode?: number; structuredData?: PageStructuredData | undefined } = {},
): FastifyReply {
  const { statusCode = 200, structuredData } = options;
  const text = pageText(file, origin, structuredData);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .code(statusCode)
    .type(file.contentType)
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-cache');
  if (!encoding) return reply.send(text);
  return reply.header('content-encoding', encoding).send(compressedPage(file, origin, text, encoding));
}
