import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What one load run measured. */
export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/**
 * Loads `url` from a child process (its own event loop and core) cycling through `paths`,
 * sending `headers` (e.g. a session cookie) with every request.
 */
export function load(
  url: string,
  connections: number,
  duration: number,
  paths: readonly string[],
  headers: Record<string, string> = {},
): Promise<Figures> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./load-worker.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify({ url, connections, duration, paths, headers }));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<Figures>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as Figures)
        : reject(new Error(`load generator exited ${code}`)),
    );
  });
}
