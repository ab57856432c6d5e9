import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startSourceThread } from '../../lib/source-thread.js';
import type { SolveJob, SolveJobResult, SolverToWorker, WorkerToSolver } from './solve-job.js';

/** The batch's owner when the caller names none (the shared catalogue's solves). */
export const SHARED_OWNER = 'shared';

/** Threads of the pool when none is configured: one per core the process may use. */
export function defaultPoolSize(): number {
  return Math.max(1, os.availableParallelism());
}

/** Starts one solver thread (solve-worker.ts). */
const startSolverWorker = (): Worker =>
  startSourceThread('solve-worker', new URL('./solve-worker.ts', import.meta.url));

interface PriceSet {
  readonly id: number;
  readonly prices: ReadonlyArray<readonly [number, number]>;
}

interface Task {
  readonly id: number;
  readonly job: SolveJob;
  readonly prices: PriceSet;
  /** A refinement (waits behind every first answer, never on the last free thread). */
  readonly background: boolean;
  /** Each answer the thread sends (a first answer's one; a refinement's better ones). */
  readonly onResult: (result: SolveJobResult) => void;
  readonly onDone: () => void;
  readonly reject: (error: Error) => void;
}

/** Queues of one owner each, served in turns. */
class TurnQueues {
  private readonly queues = new Map<string, Task[]>();
  /** Owners with tasks waiting, in turn order. */
  private readonly turns: string[] = [];

  get size(): number {
    return this.turns.length;
  }

  push(owner: string, task: Task): void {
    const queue = this.queues.get(owner);
    if (queue) queue.push(task);
    else {
      this.queues.set(owner, [task]);
      this.turns.push(owner);
    }
  }

  /** The next owner's oldest task (the owner goes to the back of the turns while it has more). */
  next(): Task | undefined {
    const owner = this.turns.shift();
    if (owner === undefined) return undefined;
    const queue = this.queues.get(owner) ?? [];
    const task = queue.shift();
    if (queue.length > 0) this.turns.push(owner);
    else this.queues.delete(owner);
    return task;
  }

  waiting(): Map<string, number> {
    return new Map([...this.queues].map(([owner, tasks]) => [owner, tasks.length]));
  }

  drain(): Task[] {
    const tasks = [...this.queues.values()].flat();
    this.queues.clear();
    this.turns.length = 0;
    return tasks;
  }
}

interface Thread {
  readonly worker: Worker;
  task: Task | undefined;
  /** The price set this thread holds its market for (sent again only when it changes). */
  pricesId: number | undefined;
}

/**
 * The server's SBC solver threads: one pool per process, sized to the machine, used by every solve
 * (the catalogue's and each account's), so solves never run on the event loop and never more at
 * once than there are cores. Each challenge is one task; tasks wait in one queue per owner (a
 * user, or the shared catalogue) and the queues take turns (round robin), so a user who asks for
 * many squads does not hold up another's one. Refinements (the anytime solve going on after a
 * first answer) wait behind every first answer and leave one thread free for them.
 */
export class SolverPool {
  private readonly threads: Thread[] = [];
  private readonly firstAnswers = new TurnQueues();
  private readonly refinements = new TurnQueues();
  private nextTaskId = 1;
  private nextPricesId = 1;
  private closed = false;

  constructor(
    private readonly size = defaultPoolSize(),
    private readonly startWorker: () => Worker = startSolverWorker,
  ) {}

  /** Solves the jobs at these prices for `owner`; results in the jobs' order. */
  solve(
    jobs: readonly SolveJob[],
    prices: ReadonlyArray<readonly [number, number]>,
    owner: string = SHARED_OWNER,
  ): Promise<SolveJobResult[]> {
    if (this.closed) return Promise.reject(new Error('The solver pool is closed'));
    const priceSet: PriceSet = { id: this.nextPricesId++, prices };
    const results = jobs.map(
      (job) =>
        new Promise<SolveJobResult>((resolve, reject) =>
          this.firstAnswers.push(owner, {
            id: this.nextTaskId++,
            job,
            prices: priceSet,
            background: false,
            onResult: resolve,
            onDone: () => undefined,
            reject,
          }),
        ),
    );
    this.dispatch();
    return Promise.all(results);
  }

  /**
   * Goes on solving a job whose first answer (on `job.workLimitMs`) the caller has, on growing
   * budgets up to `finalWorkMs` while unproven; `onBetter` gets each cheaper squad or higher bound.
   * Resolves when the refinement ends.
   */
  refine(
    job: SolveJob,
    prices: ReadonlyArray<readonly [number, number]>,
    owner: string,
    finalWorkMs: number,
    onBetter: (result: SolveJobResult) => void,
  ): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The solver pool is closed'));
    const done = new Promise<void>((resolve, reject) =>
      this.refinements.push(owner, {
        id: this.nextTaskId++,
        job: { ...job, finalWorkMs },
        prices: { id: this.nextPricesId++, prices },
        background: true,
        onResult: onBetter,
        onDone: resolve,
        reject,
      }),
    );
    this.dispatch();
    return done;
  }

  /** First answers waiting (not yet on a thread), per owner: for tests and diagnostics. */
  waiting(): Map<string, number> {
    return this.firstAnswers.waiting();
  }

  /** A first answer if one waits; else a refinement, unless it would take the last free thread. */
  private nextTask(): Task | undefined {
    if (this.firstAnswers.size > 0) return this.firstAnswers.next();
    const refining = this.threads.filter((thread) => thread.task?.background).length;
    return this.size === 1 || refining < this.size - 1 ? this.refinements.next() : undefined;
  }

  private dispatch(): void {
    while (this.firstAnswers.size > 0 || this.refinements.size > 0) {
      const thread = this.idleThread();
      if (!thread) return;
      const task = this.nextTask();
      if (!task) return;
      thread.task = task;
      const message: SolverToWorker = {
        id: task.id,
        job: task.job,
        pricesId: task.prices.id,
        ...(thread.pricesId === task.prices.id ? {} : { prices: task.prices.prices }),
      };
      thread.pricesId = task.prices.id;
      thread.worker.postMessage(message);
    }
  }

  private idleThread(): Thread | undefined {
    const idle = this.threads.find((thread) => !thread.task);
    if (idle || this.threads.length >= this.size) return idle;
    return this.startThread();
  }

  private startThread(): Thread {
    const worker = this.startWorker();
    worker.unref();
    const thread: Thread = { worker, task: undefined, pricesId: undefined };
    worker.on('message', (message: WorkerToSolver) => {
      const task = thread.task;
      if (!task || message.id !== task.id) return;
      if (message.result) task.onResult(message.result);
      if (!message.done) return;
      thread.task = undefined;
      task.onDone();
      this.dispatch();
    });
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      thread.task?.reject(error);
      thread.task = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(new Error('The solver thread stopped')));
    this.threads.push(thread);
    return thread;
  }

  /** Stops every thread; waiting and running solves fail. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = new Error('The solver pool is closed');
    for (const task of [...this.firstAnswers.drain(), ...this.refinements.drain()]) task.reject(closedError);
    const threads = this.threads.splice(0);
    for (const thread of threads) thread.task?.reject(closedError);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}

let shared: { pool: SolverPool; users: number } | undefined;
/** Threads of the shared pool (SBC_SOLVER_THREADS; 0 or unset: one per core). */
let configuredThreads = 0;
/** The default of SBC_FIRST_WORK_MS: an account squad's first answer (work ms; the solver's FIRST_WORK_MS). */
export const DEFAULT_FIRST_WORK_MS = 300;
/** The default of SBC_SOLVE_LIMIT_MS: how far an unproven answer is refined (work ms). */
export const DEFAULT_REFINE_WORK_MS = 16_000;
let firstWorkMs = DEFAULT_FIRST_WORK_MS;
let refineWorkMs = DEFAULT_REFINE_WORK_MS;

/** Sets the shared pool's size (read when the pool is next created) and the account squads' budgets. */
export function configureSolverPool(options: {
  threads: number;
  firstWorkMs: number;
  refineWorkMs: number;
}): void {
  configuredThreads = options.threads;
  firstWorkMs = options.firstWorkMs;
  refineWorkMs = options.refineWorkMs;
}

/** An account squad's first answer's budget (work ms). */
export function solverFirstWorkMs(): number {
  return firstWorkMs;
}

/** How far an unproven first answer is refined in the background (work ms; 0: not at all). */
export function solverRefineWorkMs(): number {
  return refineWorkMs;
}

/**
 * The process's one pool, shared by its users (the catalogue job, account squads); each releases
 * it once, and the last release stops the threads.
 */
export function acquireSolverPool(): { pool: SolverPool; release: () => Promise<void> } {
  shared ??= {
    pool: new SolverPool(configuredThreads > 0 ? configuredThreads : defaultPoolSize()),
    users: 0,
  };
  const held = shared;
  held.users += 1;
  let released = false;
  return {
    pool: held.pool,
    release: async () => {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      if (shared === held) shared = undefined;
      await held.pool.close();
    },
  };
}
