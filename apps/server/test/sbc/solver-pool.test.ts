import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { SolveJob } from '../../src/modules/sbc/solve-job.js';
import { SolverPool } from '../../src/modules/sbc/solver-pool.js';

/**
 * A solver thread's stand-in: a real worker thread that answers each job in turn, saying whether
 * the prices came with it, and holds each answer until the test lets the next one go (so the
 * test sees the order the pool hands jobs out in).
 */
function echoWorker(): Worker {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');
     parentPort.on('message', (m) => parentPort.postMessage({
       id: m.id,
       result: { challengeId: m.job.challengeId, ok: false, reason: m.prices ? 'with prices' : 'prices kept' },
       done: true,
     }));`,
    { eval: true },
  );
}

const job = (challengeId: string): SolveJob => ({
  challengeId,
  formation: 'f433',
  requirements: [],
  workLimitMs: 1,
});
const prices: ReadonlyArray<readonly [number, number]> = [[1, 200]];

describe('the SBC solver pool', () => {
  let pool: SolverPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it("takes the users' queues in turns: one user's many solves do not hold up another's one", async () => {
    const order: string[] = [];
    const started: string[] = [];
    pool = new SolverPool(1, () => {
      const worker = echoWorker();
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (message: { job: SolveJob }) => {
        started.push(message.job.challengeId);
        post(message);
      };
      return worker;
    });
    const many = pool.solve([job('a1'), job('a2'), job('a3'), job('a4')], prices, 'user-a');
    const one = pool.solve([job('b1')], prices, 'user-b');
    const shared = pool.solve([job('c1')], prices);
    const track = (promise: Promise<{ challengeId: string }[]>) =>
      promise.then((results) => order.push(...results.map((r) => r.challengeId)));
    await Promise.all([track(many), track(one), track(shared)]);
    // a1 was on the thread before the others asked; then every owner gets a turn before a3.
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4']);
    expect(order).toEqual(expect.arrayContaining(['a1', 'a2', 'a3', 'a4', 'b1', 'c1']));
  });

  it('answers in the order of the jobs and sends a thread the prices once per price set', async () => {
    pool = new SolverPool(1, echoWorker);
    const first = await pool.solve([job('x'), job('y')], prices, 'user-a');
    expect(first.map((r) => [r.challengeId, !r.ok && r.reason])).toEqual([
      ['x', 'with prices'],
      ['y', 'prices kept'],
    ]);
    const again = await pool.solve([job('z')], prices, 'user-a');
    expect(again.map((r) => !r.ok && r.reason)).toEqual(['with prices']);
  });

  it('refines after the first answers, sends each better answer, and leaves a thread for first answers', async () => {
    const started: string[] = [];
    pool = new SolverPool(2, () => {
      // A refinement answers twice and then ends; a first answer answers once.
      const worker = new Worker(
        `const { parentPort } = require('node:worker_threads');
         parentPort.on('message', (m) => {
           const answer = (reason) => ({ challengeId: m.job.challengeId, ok: false, reason });
           if (m.job.finalWorkMs !== undefined) {
             parentPort.postMessage({ id: m.id, result: answer('cheaper'), done: false });
             parentPort.postMessage({ id: m.id, result: answer('proven'), done: false });
             setTimeout(() => parentPort.postMessage({ id: m.id, done: true }), 50);
           } else parentPort.postMessage({ id: m.id, result: answer('first'), done: true });
         });`,
        { eval: true },
      );
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (message: { job: SolveJob }) => {
        started.push(`${message.job.challengeId}${message.job.finalWorkMs === undefined ? '' : ' refine'}`);
        post(message);
      };
      return worker;
    });
    const better: string[] = [];
    const refinements = ['r1', 'r2'].map((id) =>
      pool!.refine(job(id), prices, 'user-a', 2_000, (result) =>
        better.push(`${result.challengeId} ${!result.ok && result.reason}`),
      ),
    );
    const first = pool.solve([job('f1')], prices, 'user-b');
    expect((await first).map((r) => !r.ok && r.reason)).toEqual(['first']);
    await Promise.all(refinements);
    // One refinement at a time on two threads: the other thread stays free for f1.
    expect(started).toEqual(['r1 refine', 'f1', 'r2 refine']);
    expect(better).toEqual(['r1 cheaper', 'r1 proven', 'r2 cheaper', 'r2 proven']);
  });

  it('runs as many solves at once as it has threads, and fails the solves of a thread that dies', async () => {
    const threads: Worker[] = [];
    pool = new SolverPool(2, () => {
      // A thread that never answers: the solves stay on it until it is ended.
      const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
      threads.push(worker);
      return worker;
    });
    const solves = ['p', 'q', 'r'].map((id) => pool!.solve([job(id)], prices, `user-${id}`));
    expect(threads).toHaveLength(2);
    expect(pool.waiting()).toEqual(new Map([['user-r', 1]]));
    const failed = solves[0]!.catch((error: Error) => error.message);
    await threads[0]!.terminate();
    expect(await failed).toBe('The solver thread stopped');
    const rest = Promise.allSettled(solves.slice(1));
    await pool.close();
    expect((await rest).map((settled) => settled.status === 'rejected' && String(settled.reason))).toEqual([
      'Error: The solver pool is closed',
      'Error: The solver pool is closed',
    ]);
  });
});
