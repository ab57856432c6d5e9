import { describe, expect, it } from 'vitest';
import { isSitePath } from './routes.js';

describe('site paths', () => {
  it.each([
    '/',
    '/snipe',
    '/faq',
    '/accounts',
    '/blog/how-to-unlock-transfer-market',
    '/blog/abc123',
    '/terms-of-use',
    '/not-found',
  ])('knows %s', (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each(['/favicon.ico', '/robots.txt', '/sitemap.xml', '/nope', '/blog/a/b', '/snipe/x', '/api/filter'])(
    'has no page at %s',
    (path) => {
      expect(isSitePath(path)).toBe(false);
    },
  );
});
