/**
 * The production build (`npm run build:node`, part of `npm run build`): the server, the stand-alone
 * agent and the sandbox game as plain JavaScript that `node` runs without tsx
 * (docs/decisions/production-build.md). With `--if-outdated` it builds only when an output is
 * missing or older than a source (what `npm start` runs first).
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { isBuildNeeded } from '../src/embedded/build-on-start.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface NodeBuild {
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

/**
 * Our own workspaces (@tradedesk/*) are bundled, since they export TypeScript; every other package
 * stays an import that node resolves from node_modules (native addons, wasm and worker files ship
 * beside their packages and must stay there).
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tradedesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

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

export async function buildNode(): Promise<void> {
  for (const target of nodeBuilds)
    await build({
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
      plugins: [externalPackages, sourceRelativeUrls(target.outdir)],
      logLevel: 'warning',
    });
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
