import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where the web build puts the public site's prerendered pages, sitemap.xml and robots.txt. */
export const prerenderedDirName = 'prerendered';

/** The web build's stand-in for the site's address (apps/web/src/prerender/public-pages.ts). */
const siteOriginPlaceholder = '%TRADEDESK_SITE_ORIGIN%';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
};

type PrerenderedFile = { text: string; contentType: string };

/** The prerendered files by the address they answer: index.html → "/", blog/x.html → "/blog/x". */
export type PrerenderedSite = ReadonlyMap<string, PrerenderedFile>;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Reads dist/prerendered/ once at start (a few dozen small files); empty when the build has none. */
export async function loadPrerenderedSite(distDir: string): Promise<PrerenderedSite> {
  const dir = path.join(distDir, prerenderedDirName);
  const site = new Map<string, PrerenderedFile>();
  if (!existsSync(dir)) return site;
  for (const file of await filesUnder(dir)) {
    const extension = path.extname(file);
    const contentType = contentTypes[extension];
    if (!contentType) continue;
    const relative = path.relative(dir, file).split(path.sep).join('/');
    const address =
      relative === 'index.html' ? '/' : `/${extension === '.html' ? relative.slice(0, -5) : relative}`;
    site.set(address, { text: await readFile(file, 'utf8'), contentType });
  }
  return site;
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

/** Sends a prerendered file with the site's address in place of the build's placeholder. */
export function sendPrerendered(
  reply: FastifyReply,
  file: PrerenderedFile,
  origin: string,
  statusCode = 200,
): FastifyReply {
  return reply
    .code(statusCode)
    .type(file.contentType)
    .send(file.text.replaceAll(siteOriginPlaceholder, origin));
}
