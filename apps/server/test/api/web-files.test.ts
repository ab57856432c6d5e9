import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';

// Files at the build's root are served as they are (the build's own sitemap.xml and robots.txt,
// which name the site's address, are tested in prerendered-site.test.ts).
const sitemap =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://td.example/subscription</loc></url></urlset>\n';
const robots = 'User-agent: *\nDisallow: /api/\n\nSitemap: https://td.example/sitemap.xml\n';
const favicon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"></svg>';
// A hashed script with the brotli copy the build writes beside it (build/compress-assets.ts).
const script = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;

describe('the web build’s site files', () => {
  const distDir = path.join(tmpdir(), `td-web-${randomBytes(6).toString('hex')}`);
  beforeAll(async () => {
    await mkdir(distDir, { recursive: true });
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>Trade Desk</title>');
    await writeFile(path.join(distDir, 'sitemap.xml'), sitemap);
    await writeFile(path.join(distDir, 'robots.txt'), robots);
    await writeFile(path.join(distDir, 'favicon.svg'), favicon);
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'assets/index-AbC123.js'), script);
    await writeFile(path.join(distDir, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));
  const t = useTestApp('pglite', { webDistDir: distDir });

  it.each([
    ['/sitemap.xml', 'application/xml', sitemap],
    ['/robots.txt', 'text/plain; charset=utf-8', robots],
    ['/favicon.svg', 'image/svg+xml', favicon],
  ])('answers GET %s with the file as %s, not the app page', async (url, contentType, body) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.body).toBe(body);
  });

  it('answers HEAD /sitemap.xml with the type and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml');
    expect(response.body).toBe('');
  });

  it('sends a hashed script brotli-compressed to a browser that takes it, cached for good', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(script);
    // No compressed copy that it takes: the file itself.
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the browser ask again for files whose name stays when they change', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('opens a desk page whose query holds a NUL (the API calls it makes are refused, not the page)', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/players?name=%00',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Trade Desk</title>');
    const api = await t.app.inject({ method: 'GET', url: '/api/player-data/players?name=%00' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ message: 'Text contains characters that are not allowed' });
  });
});
