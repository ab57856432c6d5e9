import { build } from 'esbuild';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zip } from './zip.js';

/**
 * Builds the add-on into `dist/unpacked` (load it with "Load unpacked") and packs the same files
 * into `dist/tradedesk-companion-<version>.zip`. Everything the add-on runs is in the bundle:
 * Manifest V3 forbids remote code, so nothing is fetched at run time but data.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const unpacked = join(dist, 'unpacked');

const entryPoints = {
  background: 'src/background.ts',
  content: 'src/content.ts',
  'page-bridge': 'src/page-bridge.ts',
  options: 'src/options/options.ts',
};

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

export async function buildExtension(): Promise<{ directory: string; archive: string }> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(unpacked, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: unpacked,
    bundle: true,
    // Content scripts are classic scripts; an IIFE keeps each bundle's names to itself.
    format: 'iife',
    platform: 'browser',
    target: 'chrome111',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  await cp(join(root, 'static'), unpacked, { recursive: true });
  const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
  const manifestPath = join(unpacked, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  await writeFile(manifestPath, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
  const files = await filesUnder(unpacked);
  const archive = join(dist, `tradedesk-companion-${version}.zip`);
  await writeFile(
    archive,
    zip(
      await Promise.all(
        files.map(async (file) => ({ path: relative(unpacked, file), data: await readFile(file) })),
      ),
    ),
  );
  return { directory: unpacked, archive };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { directory, archive } = await buildExtension();
  console.log(
    `Add-on built: ${relative(process.cwd(), directory)} (load unpacked) and ${relative(process.cwd(), archive)}`,
  );
}
