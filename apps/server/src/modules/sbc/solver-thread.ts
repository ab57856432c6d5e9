import { Worker } from 'node:worker_threads';
import type { SolveJob, SolveJobResult, SolveMessage } from './solve-job.js';

/**
 * The one place the server runs the SBC solver: a worker thread (solve-worker.ts) that solves
 * batches one after another, so a request never waits on a solve and the event loop stays free.
 * The worker is TypeScript, as the whole server: it registers the tsx loader before importing it.
 */
export class SolverThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();

  private start(): Worker {
    if (this.worker) return this.worker;
    const loader = import.meta.resolve('tsx/esm/api');
    const body = new URL('./solve-worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(body)}); })`,
      { eval: true },
    );
    worker.unref();
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  /** Solves the jobs at these prices; batches run one at a time, in order. */
  solve(
    jobs: readonly SolveJob[],
    prices: ReadonlyArray<readonly [number, number]>,
  ): Promise<SolveJobResult[]> {
    const run = this.queue.then(() => this.runBatch(jobs, prices));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private runBatch(
    jobs: readonly SolveJob[],
    prices: ReadonlyArray<readonly [number, number]>,
  ): Promise<SolveJobResult[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const results: SolveJobResult[] = [];
      const onMessage = (message: SolveMessage) => {
        if (message.id !== id) return;
        if ('result' in message) results.push(message.result);
        else {
          cleanup();
          resolve(results);
        }
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = () => {
        cleanup();
        reject(new Error('The solver thread stopped'));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, jobs, prices });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
