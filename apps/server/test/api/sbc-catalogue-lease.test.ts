import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobLease } from '../../src/lib/job-lease-repo.js';
import { createSbcCatalogue } from '../../src/modules/sbc/catalogue-job.js';
import { backends, useTestApp } from '../helpers.js';

const INTERVAL_MS = 10 * 60_000;

/** The game's SBC feed (no sets: the sync has nothing to solve), counting how often it is read. */
function countingFeed() {
  let reads = 0;
  const server: Server = createServer((_request, response) => {
    reads += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sets: [] }));
  });
  return {
    reads: () => reads,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('SBC catalogue sync across cluster nodes (%s)', (backend) => {
  const t = useTestApp(backend);
  const feed = countingFeed();
  let feedUrl = '';
  beforeAll(async () => {
    feedUrl = await feed.start();
  });
  afterAll(() => feed.close());

  it('syncs on one node at a time; another node takes over once the holder is gone', async () => {
    const nodeA = createSbcCatalogue(t.app.appContext, { nodeId: 'node-a' });
    const nodeB = createSbcCatalogue(t.app.appContext, { nodeId: 'node-b' });
    const options = { feedUrl, intervalMs: INTERVAL_MS };
    try {
      // Both nodes' turns come at once: one of them syncs, the other leaves it to that one.
      const turns = await Promise.all([nodeA.runScheduled(options), nodeB.runScheduled(options)]);
      expect(turns.map((turn) => turn.ran).sort()).toEqual([false, true]);
      expect(feed.reads()).toBe(1);
      const [holder, other] = turns[0]?.ran ? [nodeA, nodeB] : [nodeB, nodeA];

      // The holder keeps the job at its next turns; the other node's turns skip.
      t.clock.advance(INTERVAL_MS);
      expect((await other.runScheduled(options)).ran).toBe(false);
      expect((await holder.runScheduled(options)).ran).toBe(true);
      expect(feed.reads()).toBe(2);

      // The holder shuts down (its lease given up): the other node syncs at its next turn.
      await holder.close();
      expect((await other.runScheduled(options)).ran).toBe(true);
      expect(feed.reads()).toBe(3);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  it('lets another node take a lease whose holder died, only once it has lapsed', async () => {
    const died = jobLease(t.database.db, 'lease-test', 'node-died');
    const survivor = jobLease(t.database.db, 'lease-test', 'node-survivor');
    expect(await died.acquire(t.clock.now(), 60_000)).toBe(true);
    t.clock.advance(59_000);
    expect(await survivor.acquire(t.clock.now(), 60_000)).toBe(false);
    t.clock.advance(1_000);
    expect(await survivor.acquire(t.clock.now(), 60_000)).toBe(true);
    // The dead node, back late, does not take it back while the survivor's lease runs.
    expect(await died.acquire(t.clock.now(), 60_000)).toBe(false);
  });
});
