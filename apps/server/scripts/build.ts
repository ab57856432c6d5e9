/**
 * The production build (`npm run build:node`, part of `npm run build`): the server, the stand-alone
 * agent and the sandbox game as plain JavaScript that `node` runs without tsx
 * (docs/decisions/production-build.md). With `--if-outdated` it builds only when an output is
 * missing or older than a source (what `npm start` runs first).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { isBuildNeeded } from '../src/embedded/build-on-start.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface NodeBuild {
  /** Where the app's bundles go (each entry becomes `<outdir>/<name>.js`). */
  outdir: string;
  entryPoints: Record<string, string>;
}

/** Every program the product runs with node; the worker and the forked side are entries of their own. */
export const nodeBuilds: readonly NodeBuild[] = [
  {
    outdir: 'apps/server/dist',
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'solve-worker': 'apps/server/src/modules/sbc/solve-worker.ts',
      'sim-thread': 'apps/server/src/embedded/sim-thread.ts',
    },
  },
  {
    outdir: 'apps/agent/dist',
    entryPoints: {
      main: 'apps/agent/src/main.ts',
      'side-process': 'apps/agent/src/rehearsal/side-process.ts',
    },
  },
  { outdir: 'apps/game-sim/dist', entryPoints: { main: 'apps/game-sim/src/main.ts' } },
];

/** What a build reads: a change under any of these makes it outdated. */
const sourceDirectories = [
  'apps/server/src',
  'apps/server/scripts',
  'apps/agent/src',
  'apps/game-sim/src',
  'packages',
].map((path) => join(repoRoot, path));

/** The directory of package `name` that node finds from `directory` (its node_modules lookup), if any. */
export function packageDirectoryFrom(directory: string, name: string): string | undefined {
  for (let current = directory; ; current = dirname(current)) {
    const candidate = join(current, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(current) === current) return undefined;
  }
}

/** A bare specifier's package name: 'a/b' → 'a', '@s/a/b' → '@s/a'. */
export const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Our own workspaces (@tradedesk/*) are bundled, since they export TypeScript; every other package
 * stays an import that node resolves from node_modules (native addons, wasm and worker files ship
 * beside their packages and must stay there). A package that only the importing workspace's own
 * node_modules holds (npm leaves it there, e.g. the sandbox game's `@fastify/cookie`) is not found
 * from another app's `dist/`: such an import becomes a relative path to the very file the source
 * would load, so the agent's bundle of the sandbox game (the rehearsal side) starts.
 */
export const externalPackages = (outdir: string): Plugin => ({
  name: 'external-packages',
  setup(builder) {
    const bundleDirectory = resolve(repoRoot, outdir);
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@tradedesk/') || args.pluginData === 'own-lookup') return undefined;
      const name = packageName(args.path);
      const fromSource = packageDirectoryFrom(args.resolveDir, name);
      if (fromSource === undefined || fromSource === packageDirectoryFrom(bundleDirectory, name))
        return { path: args.path, external: true };
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'own-lookup',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      const path = relative(bundleDirectory, found.path).split('\\').join('/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
});

/**
 * Sources find their data files (migrations, sounds, the card catalogue, the sandbox's page
 * scripts) relative to themselves through `import.meta.url`. In a bundle that URL is the bundle's,
 * so each source's `import.meta.url` becomes its own file's address, computed from the bundle's at
 * run time: the build needs the repository's files beside it, as the image ships them.
 */
const sourceRelativeUrls = (outdir: string): Plugin => ({
  name: 'source-relative-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url') || args.path.includes('node_modules')) return undefined;
      const fromBundle = relative(join(repoRoot, outdir), args.path).split('\\').join('/');
      const ownUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll(/\bimport\.meta\.url\b/g, ownUrl), loader: 'ts' };
    });
  },
});

/** esbuild's options for one program of `nodeBuilds`. */
export const nodeBuildOptions = (target: NodeBuild): BuildOptions => ({
  absWorkingDir: repoRoot,
  entryPoints: target.entryPoints,
  outdir: target.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Code that starts a worker or a child process picks the built entry instead of tsx.
  define: { 'process.env.TRADEDESK_BUILT': '"true"' },
  plugins: [externalPackages(target.outdir), sourceRelativeUrls(target.outdir)],
  logLevel: 'warning',
});

export async function buildNode(): Promise<void> {
  for (const target of nodeBuilds) await build(nodeBuildOptions(target));
}

/** Whether any bundle is missing or older than a source. */
export async function isNodeBuildOutdated(): Promise<boolean> {
  for (const target of nodeBuilds)
    for (const name of Object.keys(target.entryPoints))
      if (await isBuildNeeded(join(repoRoot, target.outdir, `${name}.js`), sourceDirectories)) return true;
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const onlyIfOutdated = process.argv.includes('--if-outdated');
  if (onlyIfOutdated && !(await isNodeBuildOutdated())) process.exit(0);
  const started = performance.now();
  await buildNode();
  const built = nodeBuilds.map((target) => relative(repoRoot, join(target.outdir, 'main.js')));
  console.log(`Built ${built.join(', ')} in ${Math.round(performance.now() - started)} ms`);
}
