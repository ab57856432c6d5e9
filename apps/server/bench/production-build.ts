/**
 * `npm run bench -- production-build`: the whole product as `npm start` runs it (sandbox mode:
 * server, embedded sandbox game and agent, PGlite) started from the production build with `node`
 * vs from sources through tsx, in turns in the same run. Start time = spawn → the demo login is
 * printed (everything up); memory = resident set once up and after a short settle.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildNode } from '../scripts/build.js';
import { freePort } from '../src/cluster/cluster.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const SETTLE_MS = 5_000;
const ROUNDS = 2;

const variants = {
  tsx: [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
  built: [process.execPath, '--enable-source-maps', 'apps/server/dist/main.js'],
} as const;
type Variant = keyof typeof variants;

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

interface StartFigures {
  startMs: number;
  rssUpMb: number;
  rssSettledMb: number;
}

/** One start of the product on `dataDir` (migrated already), stopped again after the settle. */
async function startOnce(variant: Variant, dataDir: string): Promise<StartFigures> {
  const [node, ...args] = variants[variant];
  const started = performance.now();
  const child = spawn(node, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const up = new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('Demo login')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`${variant} exited (${code}) before it was up`)));
  });
  child.stderr.resume();
  const startMs = await up;
  const rssUpMb = rssMb(child.pid!);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rssSettledMb = rssMb(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { startMs, rssUpMb, rssSettledMb };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function benchProductionBuild(): Promise<void> {
  await buildNode();
  const dataDir = await mkdtemp(join(tmpdir(), 'tradedesk-build-bench-'));
  try {
    // The first start migrates the database and seeds the demo user; it is not counted.
    await startOnce('built', dataDir);
    const figures: Record<Variant, StartFigures[]> = { tsx: [], built: [] };
    for (let round = 0; round < ROUNDS; round += 1)
      for (const variant of round % 2 ? (['built', 'tsx'] as const) : (['tsx', 'built'] as const))
        figures[variant].push(await startOnce(variant, dataDir));
    const summary = (variant: Variant) => ({
      startMs: median(figures[variant].map((run) => run.startMs)),
      rssUpMb: median(figures[variant].map((run) => run.rssUpMb)),
      rssSettledMb: median(figures[variant].map((run) => run.rssSettledMb)),
    });
    const tsx = summary('tsx');
    const built = summary('built');
    console.log(`| | tsx (sources) | built (node) | built / tsx |`);
    console.log(`| --- | --- | --- | --- |`);
    const row = (label: string, key: keyof StartFigures, unit: string) =>
      console.log(
        `| ${label} | ${tsx[key].toFixed(0)} ${unit} | ${built[key].toFixed(0)} ${unit} | ${(built[key] / tsx[key]).toFixed(2)} |`,
      );
    row('start → demo login printed (median)', 'startMs', 'ms');
    row('resident memory when up', 'rssUpMb', 'MB');
    row(`resident memory ${SETTLE_MS / 1000} s later`, 'rssSettledMb', 'MB');
    console.log(`(${ROUNDS} starts each, in turns, after one uncounted start that migrated the database)`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
