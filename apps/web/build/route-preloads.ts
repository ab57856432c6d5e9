/**
 * Puts an inline script into dist/index.html (the app shell the desk pages, /players and /login are
 * served) that preloads the opened page's own chunks beside the entry. Without it a page's lazy chunk
 * is asked for only once the entry has run and the layout has the signed-in user: two round trips
 * and the entry's whole start-up in a row before the page's code starts to download.
 *
 * Runs after build/prerender.ts, which reads index.html as the prerendered pages' template (they
 * start the app their own way: src/prerender/app-start-script.ts). The server hashes every inline
 * script of index.html into its Content Security Policy (apps/server/src/web/security-headers.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { authStorageKey } from '../src/stores/storage-keys';
import { chunksOf, readManifest, routeBudgets } from './route-budgets';

type RoutePreload = { files: string[]; signedIn: boolean };

/**
 * For each page served the app shell (not prerendered) with modules of its own: the chunks it loads
 * that the entry does not.
 */
function routePreloads(distDir: string): Record<string, RoutePreload> {
  const { manifest, entry } = readManifest(distDir);
  const entryFiles = chunksOf(manifest, [entry]);
  const isPrerendered = (pagePath: string) =>
    existsSync(
      path.join(distDir, 'prerendered', pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`),
    );
  const preloads: Record<string, RoutePreload> = {};
  for (const route of routeBudgets) {
    if (isPrerendered(route.path)) continue;
    const files = [...chunksOf(manifest, route.modules)]
      .filter((file) => file.endsWith('.js') && !entryFiles.has(file))
      .map((file) => `/${file}`);
    if (files.length > 0) preloads[route.path] = { files, signedIn: route.signedIn === true };
  }
  return preloads;
}

/**
 * The script: the page's chunks as `modulepreload` links (as Vite writes the entry's), only for a
 * visitor holding a session where the page needs one (anyone else is sent to /login).
 */
function routePreloadScript(preloads: Record<string, RoutePreload>): string {
  const json = JSON.stringify(preloads).replace(/</g, '\\u003c');
  return `<script data-route-preloads>
      (function () {
        var page = ${json}[window.location.pathname.replace(/(.)\\/+$/, '$1')];
        if (!page) return;
        if (page.signedIn) {
          try {
            var key = ${JSON.stringify(authStorageKey)};
            if (!/"token":"/.test(localStorage.getItem(key) || sessionStorage.getItem(key) || '')) return;
          } catch (error) {
            return;
          }
        }
        page.files.forEach(function (href) {
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        });
      })();
    </script>`;
}

const moduleScriptTag = /(\n\s*)<script type="module" crossorigin src="[^"]+"><\/script>/;

function writeRoutePreloads() {
  const distDir = path.resolve(import.meta.dirname, '..', 'dist');
  const file = path.join(distDir, 'index.html');
  const html = readFileSync(file, 'utf8');
  const scriptAt = moduleScriptTag.exec(html);
  if (!scriptAt) throw new Error('dist/index.html has no module script');
  if (html.includes('data-route-preloads')) throw new Error('dist/index.html has its route preloads already');
  const preloads = routePreloads(distDir);
  // Before the entry's script tag: the links go out while the entry downloads.
  const indent = scriptAt[1] ?? '\n    ';
  writeFileSync(
    file,
    html.replace(moduleScriptTag, () => `${indent}${routePreloadScript(preloads)}${scriptAt[0]}`),
  );
  console.log(`Route preloads in dist/index.html for ${Object.keys(preloads).join(', ')}`);
}

writeRoutePreloads();
