import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type pino from 'pino';

/** The newest modification time of any file under `directory` (0 when it does not exist). */
async function newestChange(directory: string): Promise<number> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true }).catch(() => []);
  let newest = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const changed = (await stat(join(entry.parentPath, entry.name))).mtimeMs;
    if (changed > newest) newest = changed;
  }
  return newest;
}

/**
 * Whether a build must run: its `output` file is missing, or one of `sources` changed after it
 * (a pull or an edit since the last build). Without sources only a missing output counts.
 */
export async function isBuildNeeded(output: string, sources: readonly string[] = []): Promise<boolean> {
  const built = await stat(output).then(
    (file) => file.mtimeMs,
    () => undefined,
  );
  if (built === undefined) return true;
  for (const source of sources) if ((await newestChange(source)) > built) return true;
  return false;
}

/** One build `npm start` runs for the user: which workspace, what it writes, what it reads. */
export interface StartBuild {
  /** What the log calls it: 'web app', 'add-on'. */
  name: string;
  workspace: string;
  /** A file the build writes last; its age is the build's. */
  output: string;
  /** Directories whose changes make the build outdated (none: rebuilt only when missing). */
  sources?: readonly string[];
}

/**
 * Runs `npm run build -w <workspace>` when the build is missing or outdated, streaming npm's
 * output. A failed build is logged and start-up goes on (the server works without it).
 */
export async function buildOnStart(build: StartBuild, repoRoot: string, log: pino.Logger): Promise<void> {
  if (!(await isBuildNeeded(build.output, build.sources))) return;
  log.info({ category: 'build' }, `Building the ${build.name} (missing or outdated)…`);
  await new Promise<void>((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', build.workspace], { cwd: repoRoot, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code === 0) log.info({ category: 'build' }, `Built the ${build.name}`);
      else
        log.error(
          { category: 'build' },
          `The ${build.name} build failed (exit ${code}); starting without it`,
        );
      resolve();
    });
    child.on('error', (error) => {
      log.error(
        { category: 'build', err: error },
        `Could not run the ${build.name} build; starting without it`,
      );
      resolve();
    });
  });
}
