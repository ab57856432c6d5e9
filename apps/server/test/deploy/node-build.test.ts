import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  externalPackages,
  nodeBuildOptions,
  nodeBuilds,
  packageDirectoryFrom,
  packageName,
} from '../../scripts/build.js';

/**
 * The production build (`npm run build`, then `node apps/server/dist/main.js`): every package a
 * bundle imports is found from where the bundle lies. The agent's rehearsal side bundles the
 * sandbox game, whose `@fastify/cookie` npm keeps in `apps/game-sim/node_modules`; it was left a
 * bare import, so on the production start every "Rehearse in sandbox" ended at once with 'The
 * rehearsal world stopped' (the side exited with ERR_MODULE_NOT_FOUND).
 */
const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const builtins = new Set(builtinModules);

describe('the production build', () => {
  it('runs a bundle whose source imports a package only its own workspace holds', async () => {
    const root = await mkdtemp(join(tmpdir(), 'node-build-'));
    try {
      const holder = join(root, 'apps', 'holder');
      const only = join(holder, 'node_modules', 'only-here');
      await mkdir(join(only, 'lib'), { recursive: true });
      await mkdir(join(holder, 'src'), { recursive: true });
      await writeFile(
        join(only, 'package.json'),
        JSON.stringify({ name: 'only-here', type: 'module', exports: { '.': './lib/index.js' } }),
      );
      await writeFile(join(only, 'lib', 'index.js'), "export default 'found beside its workspace';\n");
      await writeFile(
        join(holder, 'src', 'entry.ts'),
        "import value from 'only-here';\nconsole.log(value);\n",
      );
      const outdir = join(root, 'apps', 'other', 'dist');

      await build({
        absWorkingDir: root,
        entryPoints: { main: join(holder, 'src', 'entry.ts') },
        outdir,
        bundle: true,
        platform: 'node',
        format: 'esm',
        plugins: [externalPackages(outdir)],
        logLevel: 'silent',
      });

      const { stdout } = await run(process.execPath, [join(outdir, 'main.js')]);
      expect(stdout.trim()).toBe('found beside its workspace');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  const bundles = nodeBuilds.flatMap((target) =>
    Object.keys(target.entryPoints).map((name) => ({ bundle: `${target.outdir}/${name}.js`, target, name })),
  );
  it.each(bundles)('$bundle imports only what node finds from there', async ({ target, name }) => {
    const options = nodeBuildOptions({ ...target, entryPoints: { [name]: target.entryPoints[name] ?? '' } });
    const result = await build({ ...options, write: false, metafile: true, sourcemap: false });
    const outdir = resolve(repoRoot, target.outdir);
    const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith(`${name}.js`));
    const missing = (output?.[1].imports ?? [])
      .filter((entry) => entry.external)
      .map((entry) => entry.path)
      .filter((path) =>
        path.startsWith('.')
          ? !existsSync(resolve(outdir, path))
          : !builtins.has(path.replace(/^node:/, '')) &&
            !builtins.has(packageName(path)) &&
            packageDirectoryFrom(outdir, packageName(path)) === undefined,
      );
    expect(output, 'the bundle').toBeDefined();
    expect(missing, `imports node cannot find from ${dirname(join(outdir, name))}`).toEqual([]);
  });
});
