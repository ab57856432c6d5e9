import { SITEMAP } from '@tradedesk/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { blogArticles } from '../content/blog/articles';
import { renderRobots, renderSitemap, sitemapEntries } from './sitemap';

const entryFor = (path: string) => sitemapEntries.find((entry) => entry.path === path);

describe('sitemap', () => {
  it('gives /subscription and /snipe the spec’s values (1 weekly, 0.7 daily), /subscription first', () => {
    for (const [path, spec] of Object.entries(SITEMAP))
      expect(entryFor(path)).toEqual({ path, priority: spec.priority, changeFrequency: spec.changefreq });
    expect(entryFor('/subscription')).toEqual({
      path: '/subscription',
      priority: 1,
      changeFrequency: 'weekly',
    });
    expect(entryFor('/snipe')).toEqual({ path: '/snipe', priority: 0.7, changeFrequency: 'daily' });
    expect(Math.max(...sitemapEntries.map((entry) => entry.priority))).toBe(1);
  });

  it('lists every blog article and every legal page', () => {
    for (const article of blogArticles) expect(entryFor(article.path)).toBeDefined();
    for (const path of [
      '/terms-of-use',
      '/privacy-policy',
      '/cookie-policy',
      '/refund-policy',
      '/affiliate-program-policy',
    ])
      expect(entryFor(path)).toBeDefined();
  });

  it('lists only pages the app has (never the not-found page or a catch-all)', () => {
    for (const entry of sitemapEntries) {
      const matched = matchRoutes(routes, entry.path)!;
      expect(matched.at(-1)!.route.path, entry.path).not.toBe('*');
    }
    expect(entryFor('/not-found')).toBeUndefined();
    expect(new Set(sitemapEntries.map((entry) => entry.path)).size).toBe(sitemapEntries.length);
  });

  it('writes absolute addresses on the given site', () => {
    const xml = renderSitemap('https://tradedesk.example/');
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<url>\n    <loc>https://tradedesk.example/subscription</loc>\n    <changefreq>weekly</changefreq>\n    <priority>1.0</priority>\n  </url>',
    );
    expect(xml).toContain(
      '<loc>https://tradedesk.example/snipe</loc>\n    <changefreq>daily</changefreq>\n    <priority>0.7</priority>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(sitemapEntries.length);
  });

  it('keeps crawlers out of the API and points them to the sitemap', () => {
    const robots = renderRobots('https://tradedesk.example');
    expect(robots).toContain('User-agent: *\nDisallow: /api/\n');
    expect(robots).toContain('Sitemap: https://tradedesk.example/sitemap.xml\n');
  });
});
