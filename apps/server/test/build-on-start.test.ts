import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildNeeded } from '../src/embedded/build-on-start.js';
import { startBuilds } from '../src/embedded/start-builds.js';

let directory = '';
afterEach(() => rm(directory, { recursive: true, force: true }));

/** Sets a file's modification time to `seconds` since the epoch. */
const age = (file: string, seconds: number) => utimes(file, seconds, seconds);

describe('what npm start builds', () => {
  it('builds the add-on when it is missing or older than a source, and only then', async () => {
    directory = await mkdtemp(join(tmpdir(), 'start-build-'));
    const sources = join(directory, 'src');
    await mkdir(join(sources, 'nested'), { recursive: true });
    const source = join(sources, 'nested', 'content.ts');
    const output = join(directory, 'manifest.json');
    await writeFile(source, 'export {};');
    await age(source, 1_000);

    expect(await isBuildNeeded(output, [sources])).toBe(true);

    await writeFile(output, '{}');
    await age(output, 2_000);
    expect(await isBuildNeeded(output, [sources])).toBe(false);

    await age(source, 3_000);
    expect(await isBuildNeeded(output, [sources])).toBe(true);
    // Without sources only a missing build counts.
    expect(await isBuildNeeded(output)).toBe(false);
  });

  it('builds the web app again after a pull changed its pages or the domain they share with the server', async () => {
    directory = await mkdtemp(join(tmpdir(), 'start-build-'));
    const web = startBuilds(directory).find((build) => build.name === 'web app');
    if (!web) throw new Error('npm start builds no web app');
    const page = join(directory, 'apps/web/src/routes/index.tsx');
    const shared = join(directory, 'packages/domain/src/messages.ts');
    for (const file of [page, shared, web.output]) {
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, '');
    }
    await age(page, 1_000);
    await age(shared, 1_000);
    await age(web.output, 2_000);
    expect(await isBuildNeeded(web.output, web.sources)).toBe(false);

    await age(shared, 3_000);
    expect(await isBuildNeeded(web.output, web.sources)).toBe(true);
    await age(web.output, 4_000);
    await age(page, 5_000);
    expect(await isBuildNeeded(web.output, web.sources)).toBe(true);
  });
});
