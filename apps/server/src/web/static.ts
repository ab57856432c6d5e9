import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSitePath } from '@tradedesk/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app's files; `answerUnmatched` decides what other paths get.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ category: 'web' }, `No web build in ${distDir}; only the API is served`);
    return false;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  return true;
}

/**
 * The answer to a GET that matched no route and no file: the app's own pages (the shared
 * `sitePaths`) get index.html; any other page address gets index.html with 404, and the app
 * shows its not-found page; files (`/favicon.ico`, `/robots.txt`), the API and the sockets get
 * the JSON 404 (undefined here).
 */
export function answerUnmatched(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const pathname = request.url.split('?')[0] ?? '/';
  if (/^\/(api|client|socket\.io)(\/|$)/.test(pathname)) return undefined;
  if (isSitePath(pathname)) return reply.sendFile('index.html');
  const looksLikeFile = /\.[A-Za-z0-9]+$/.test(pathname);
  if (looksLikeFile || !String(request.headers.accept ?? '').includes('text/html')) return undefined;
  return reply.code(404).sendFile('index.html');
}
