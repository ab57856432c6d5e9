/**
 * Runs the sandbox game in a child process for the reaction benchmark, so the sim's own work and
 * garbage never land between a search answer and the Buy Now being measured. Prints its URL.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startBenchSim } from './sandbox.js';

if (process.argv[2] === '--serve') {
  const sim = await startBenchSim(JSON.parse(process.argv[3] ?? '{}') as Record<string, unknown>);
  process.stdout.write(`${JSON.stringify({ url: sim.url, feeds: sim.hosts.feeds })}\n`);
  process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
}

export interface ChildSim {
  url: string;
  hosts: { feeds: string };
  close(): Promise<void>;
}

export function startChildSim(options: Record<string, unknown>): Promise<ChildSim> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve', JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`sim process exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (!output.includes('\n') || line === undefined) return;
      const { url, feeds } = JSON.parse(line) as { url: string; feeds: string };
      child.removeAllListeners('exit');
      resolve({
        url,
        hosts: { feeds },
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
