import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Paths outside /api, /client and /socket.io that match no file get
 * index.html so the single-page app's own router handles them (SPA fallback).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ category: 'web' }, `No web build in ${distDir}; only the API is served`);
    return false;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  return true;
}

/** Whether a not-found request should receive the web app's index.html. */
export const wantsSpaFallback = (method: string, url: string) =>
  (method === 'GET' || method === 'HEAD') && !/^\/(api|client|socket\.io)(\/|$|\?)/.test(url);
