/**
 * The JavaScript each page downloads (gzip): the entry chunk, the page's lazy modules, and every
 * chunk they import statically, from the build's manifest. `npm run build -w @tradedesk/web`
 * fails when a page goes past its budget; `npm run bench -- web` prints the same figures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

export type RouteBudget = {
  path: string;
  /** The page's lazy modules (source paths as the manifest names them); none: the entry only. */
  modules: readonly string[];
  /** Largest allowed download, in kB of gzip. */
  budgetKb: number;
  /** The page is for signed-in users only (build/route-preloads.ts preloads it only for them). */
  signedIn?: true;
};

// The entry alone (React, the router, the query client, the layout; no zod) is about 123 kB of it.
const publicPage = 130;

/**
 * Budgets: what each page loaded when they were set (issue 29) plus a few kB, so growth is a
 * decision (raise it here, with the reason in docs/decisions/web.md), not an accident.
 */
export const routeBudgets: readonly RouteBudget[] = [
  { path: '/', modules: [], budgetKb: publicPage },
  { path: '/login', modules: ['src/routes/login.tsx'], budgetKb: publicPage + 18 },
  { path: '/faq', modules: ['src/routes/faq.tsx'], budgetKb: publicPage },
  { path: '/blog', modules: ['src/routes/blog.tsx'], budgetKb: publicPage + 5 },
  { path: '/blog/e3b9c41f', modules: ['src/routes/blog-article.tsx'], budgetKb: publicPage + 20 },
  { path: '/terms-of-use', modules: ['src/routes/legal-page.tsx'], budgetKb: publicPage + 20 },
  { path: '/accounts', modules: ['src/routes/accounts.tsx'], budgetKb: publicPage },
  { path: '/subscription', modules: ['src/features/payments/index.ts'], budgetKb: publicPage + 25 },
  { path: '/coins', modules: ['src/features/payments/index.ts'], budgetKb: publicPage + 25 },
  { path: '/vps', modules: ['src/features/payments/index.ts'], budgetKb: publicPage + 25 },
  { path: '/players', modules: ['src/features/players/index.ts'], budgetKb: 150 },
  { path: '/snipe', modules: ['src/features/snipe/index.ts'], budgetKb: 205, signedIn: true },
  { path: '/transfer', modules: ['src/features/transfer/index.ts'], budgetKb: 228, signedIn: true },
  { path: '/sbc', modules: ['src/features/sbc/index.ts'], budgetKb: 173, signedIn: true },
  { path: '/marketplace', modules: ['src/features/marketplace/index.ts'], budgetKb: 168, signedIn: true },
  { path: '/admin', modules: ['src/routes/admin.tsx'], budgetKb: 133, signedIn: true },
];

/** The build's manifest (`build.manifest` in vite.config.ts) and the key of its entry. */
export function readManifest(distDir: string): { manifest: Manifest; entry: string } {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The build has no entry chunk');
  return { manifest, entry };
}

/** Every chunk file `keys` load, following static imports. */
export function chunksOf(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no ${key}: update build/route-budgets.ts`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export type RouteWeight = RouteBudget & { gzipKb: number };

/** What each budgeted page downloads, from the build in `distDir`. */
export function measureRoutes(distDir: string): RouteWeight[] {
  const { manifest, entry } = readManifest(distDir);
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    const known = gzipKb.get(file);
    if (known !== undefined) return known;
    const size = gzipSync(readFileSync(path.join(distDir, file))).length / 1024;
    gzipKb.set(file, size);
    return size;
  };
  return routeBudgets.map((route) => {
    const files = [...chunksOf(manifest, [entry, ...route.modules])].filter((file) => file.endsWith('.js'));
    return { ...route, gzipKb: files.reduce((sum, file) => sum + sizeOf(file), 0) };
  });
}
