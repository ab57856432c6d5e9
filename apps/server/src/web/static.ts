import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLiteralSitePath, isSitePath, sitePaths } from '@tradedesk/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  loadPrerenderedSite,
  pageChooser,
  prerenderedDirName,
  sendPrerendered,
  siteOrigin,
  withoutDataDirName,
  type ApiAnswer,
  type PageStructuredData,
  type PrerenderedSite,
} from './prerendered.js';

/** What the running server knows that the build could not: the plans' prices. */
export type ServerPageData = {
  /** schema.org data added to a page's head. */
  structuredData?: PageStructuredData | undefined;
  /** The server's answer of an API address, to tell whether a page's prerendered data is current. */
  apiAnswer?: ApiAnswer | undefined;
};

/** What a GET that matched no route and no file gets (undefined: the JSON 404). */
export type UnmatchedAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

/**
 * Serves the built web app's files and returns the answer for other paths, or undefined when
 * there is no build. The prerendered pages are answered by address (with the site's address
 * filled in), never as files of their folder; `/` is the prerendered home, not index.html.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  publicUrl: string | undefined,
  { structuredData, apiAnswer }: ServerPageData = {},
): Promise<UnmatchedAnswer | undefined> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ category: 'web' }, `No web build in ${distDir}; only the API is served`);
    return undefined;
  }
  const site = await loadPrerenderedSite(distDir);
  const hashedAssetsDir = path.join(distDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: site.has('/') ? false : ['index.html'],
    allowedPath: (pathname) =>
      !pathname.startsWith(`/${prerenderedDirName}/`) && !pathname.startsWith(`/${withoutDataDirName}/`),
    // The build writes .br and .gz copies beside each file (apps/web/build/compress-assets.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      response.setHeader('vary', 'accept-encoding');
      // A hashed file's name changes with its content: a browser may keep it for good. The rest
      // (index.html, the icons) may change under the same name, so the browser asks each time.
      response.setHeader(
        'cache-control',
        filePath.startsWith(hashedAssetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const choosePage = pageChooser(apiAnswer);
  return (request, reply) => answerUnmatched(site, { publicUrl, structuredData, choosePage }, request, reply);
}

/**
 * The answer to a GET that matched no route and no file:
 * - a prerendered public page (or sitemap.xml, robots.txt) by its address;
 * - the app's desk pages (the shared `sitePaths`) get index.html, where the app draws them;
 * - any other page address gets 404 with the not-found page. With a prerendered site, that
 *   includes `/blog/<unknown>`: an address with a parameter exists only when it was prerendered;
 * - files (`/favicon.ico`), the API and the sockets get the JSON 404 (undefined here).
 */
function answerUnmatched(
  site: PrerenderedSite,
  {
    publicUrl,
    structuredData,
    choosePage,
  }: {
    publicUrl: string | undefined;
    structuredData?: PageStructuredData | undefined;
    choosePage: ReturnType<typeof pageChooser>;
  },
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const requested = request.url.split('?')[0] ?? '/';
  if (/^\/(api|client|socket\.io)(\/|$)/.test(requested)) return undefined;
  const pathname = requested.length > 1 ? requested.replace(/\/+$/, '') : requested;
  const origin = () => siteOrigin(request, publicUrl);
  const prerendered = site.get(pathname);
  if (prerendered)
    return sendPrerendered(request, reply, choosePage(prerendered), origin(), {
      statusCode: pathname === sitePaths.notFound ? 404 : 200,
      structuredData,
    });
  const isAppPage = site.size > 0 ? isLiteralSitePath(pathname) : isSitePath(pathname);
  if (isAppPage) return reply.sendFile('index.html');
  const looksLikeFile = /\.[A-Za-z0-9]+$/.test(pathname);
  if (looksLikeFile || !String(request.headers.accept ?? '').includes('text/html')) return undefined;
  const notFound = site.get(sitePaths.notFound);
  if (notFound) return sendPrerendered(request, reply, notFound, origin(), { statusCode: 404 });
  return reply.code(404).sendFile('index.html');
}
