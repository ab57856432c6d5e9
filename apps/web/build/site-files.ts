import type { Plugin } from 'vite';
import { renderRobots, renderSitemap } from '../src/config/sitemap';

/**
 * Writes sitemap.xml and robots.txt into the build. Both need the site's public address, which
 * only the deployment knows (VITE_SITE_URL), so they are made at build time, not kept in public/.
 */
export function siteFiles(siteUrl: string): Plugin {
  return {
    name: 'tradedesk-site-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: renderSitemap(siteUrl) });
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: renderRobots(siteUrl) });
    },
  };
}
