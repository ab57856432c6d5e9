import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** Origins allowed to frame the app (the spec's `iframe=true` mode); the app itself always may. */
  frameAncestors: readonly string[];
  /** The built web app: hashes of its inline scripts join the CSP (the theme script runs before paint). */
  webDistDir?: string | undefined;
  /** Image sources besides the site and HTTPS (the sandbox game serves avatars over loopback HTTP). */
  extraImageSources?: readonly string[];
}

/**
 * 'sha256-…' sources of every inline <script> of the built index.html and of the prerendered
 * home page (the prerendered pages share its script loader; their JSON-LD data is no script to run).
 */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  if (!webDistDir) return [];
  const pages = [path.join(webDistDir, 'index.html'), path.join(webDistDir, 'prerendered', 'index.html')];
  const html = pages
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const inlineScripts = /<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([\s\S]*?)<\/script>/g;
  const hashes = [...html.matchAll(inlineScripts)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  return [...new Set(hashes)];
}

/**
 * Headers of every answer (pages and API): a CSP the built app passes, `frame-ancestors` from
 * the allow-list, nosniff, no referrer, and HSTS on answers that went over TLS only (a plain-HTTP
 * loopback start must not pin a browser to HTTPS).
 *
 * Helmet's middleware is built once: `@fastify/helmet` rebuilds it (and re-parses the CSP) on every
 * request, which cost about 3% of the server's CPU under load (`npm run bench -- auth` profile).
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(options.webDistDir)],
        // Toasts and charts set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(options.extraImageSources ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...options.frameAncestors],
      },
    },
    // frame-ancestors replaces it, and X-Frame-Options cannot name the allowed origins.
    frameguard: false,
    hsts: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Card images are fetched by the companion add-on from the game's pages.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Helmet 8 throws its errors instead of passing them on, so its callback only continues.
    applyHeaders(request.raw, reply.raw, () => done());
  });
}
