import { blogPostPath, paths } from './paths';

export type ChangeFrequency = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
export type SitemapEntry = { path: string; priority: number; changeFrequency: ChangeFrequency };

/**
 * The pages search engines should know, with how much they matter and how often they change.
 * /subscription (1, weekly) and /snipe (0.7, daily) are the spec's (the domain's SITEMAP; a
 * test holds them equal, as the build's config cannot load the domain package); the rest are
 * ours (docs/decisions/site.md). Pages that only redirect a visitor to sign in are left out.
 */
export const sitemapEntries: readonly SitemapEntry[] = [
  { path: paths.subscription, priority: 1, changeFrequency: 'weekly' },
  { path: paths.home, priority: 0.9, changeFrequency: 'weekly' },
  { path: paths.coins, priority: 0.8, changeFrequency: 'weekly' },
  { path: paths.players, priority: 0.8, changeFrequency: 'daily' },
  { path: paths.snipe, priority: 0.7, changeFrequency: 'daily' },
  { path: paths.vps, priority: 0.6, changeFrequency: 'monthly' },
  { path: paths.accounts, priority: 0.6, changeFrequency: 'monthly' },
  { path: paths.blog, priority: 0.6, changeFrequency: 'weekly' },
  { path: paths.blogUnlockTransferMarket, priority: 0.6, changeFrequency: 'monthly' },
  { path: blogPostPath('e3b9c41f'), priority: 0.5, changeFrequency: 'monthly' },
  { path: blogPostPath('7a5d2c08'), priority: 0.5, changeFrequency: 'monthly' },
  { path: paths.faq, priority: 0.5, changeFrequency: 'monthly' },
  { path: paths.termsOfUse, priority: 0.3, changeFrequency: 'yearly' },
  { path: paths.privacyPolicy, priority: 0.3, changeFrequency: 'yearly' },
  { path: paths.cookiePolicy, priority: 0.3, changeFrequency: 'yearly' },
  { path: paths.refundPolicy, priority: 0.3, changeFrequency: 'yearly' },
  { path: paths.affiliateProgramPolicy, priority: 0.3, changeFrequency: 'yearly' },
];

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The address of `path` on the site at `siteUrl` (which may end in a slash). */
const absolute = (siteUrl: string, path: string) => `${siteUrl.replace(/\/+$/, '')}${path}`;

/** sitemap.xml (sitemaps.org protocol 0.9) for the site at `siteUrl`. */
export function renderSitemap(siteUrl: string, entries: readonly SitemapEntry[] = sitemapEntries): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeXml(absolute(siteUrl, entry.path))}</loc>\n` +
      `    <changefreq>${entry.changeFrequency}</changefreq>\n` +
      `    <priority>${entry.priority.toFixed(1)}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: crawl the site, not the API or the socket endpoints; where the sitemap is. */
export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /client/',
    'Disallow: /socket.io/',
    `Disallow: ${paths.notFound}`,
    '',
    `Sitemap: ${absolute(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
