import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { decodeChallengeRequirements } from '@tradedesk/domain';
import { solveChallenge, type SolveInput, type SolveResult } from '@tradedesk/solver';
import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from '../src/core/clock.js';
import { encodeRequirements } from '../src/sbc/requirements.js';
import { standardPool } from '../src/sbc/standard-pool.js';
import { standardSets } from '../src/sbc/standard-set.js';
import { World } from '../src/world/world.js';

/** A busy loop on every core, as a loaded server or a small VPS has (resolved once they all run). */
async function loadEveryCore(): Promise<Worker[]> {
  const workers = Array.from(
    { length: os.availableParallelism() },
    () => new Worker('for (;;) {}', { eval: true }),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('online', resolve))));
  return workers;
}

const answerOf = (result: SolveResult) =>
  result.status === 'solved'
    ? { cost: result.cost, proof: result.proof, squad: result.squad.map((pick) => [pick.slot, pick.assetId]) }
    : result;

describe('SBC answers bounded by work, not by the clock', () => {
  const world = new World(createClock({ speed: 0, start: Date.UTC(2026, 0, 1) }), {
    market: { initialListings: 0 },
  });
  const pool = standardPool(1);
  let load: Worker[] = [];
  afterEach(async () => {
    await Promise.all(load.map((worker) => worker.terminate()));
    load = [];
  });

  // A chemistry challenge the budget does not prove: every stage runs to its deadline, so a
  // wall-clock budget gave a loaded solve less search and another squad.
  const everyoneLinks = (workLimitMs: number): SolveInput => {
    const challenge = standardSets(world)
      .flatMap((set) => set.challenges)
      .find((candidate) => candidate.name === 'Everyone Links');
    if (!challenge) throw new Error('Everyone Links is missing from the standard set');
    return {
      challenge: decodeChallengeRequirements({
        elgOperation: challenge.operation ?? 'AND',
        elgReq: encodeRequirements(challenge.requirements),
      }),
      formation: challenge.formation,
      owned: pool.owned,
      market: pool.market,
      workLimitMs,
      seed: challenge.challengeId,
    };
  };

  it('gives the same squad for the same challenge and pool on a quiet and on a loaded machine', async () => {
    const input = everyoneLinks(1_000);
    const quiet = solveChallenge(input);
    expect(quiet).toMatchObject({ status: 'solved', proof: { kind: 'bounded' } });
    expect(quiet.status === 'solved' && quiet.capped === true).toBe(false);
    load = await loadEveryCore();
    const loaded = solveChallenge(input);
    expect(answerOf(loaded)).toEqual(answerOf(quiet));
  }, 600_000);

  it('gives the same squad whether the clock the safety cap reads is frozen or very slow', () => {
    const input = everyoneLinks(300);
    const frozen = solveChallenge({ ...input, capClock: () => 0 });
    expect(frozen).toMatchObject({ status: 'solved', proof: { kind: 'bounded' } });
    // Every read of the cap's clock 100 ms later: the solve reads it about 30 times (once per 5
    // work ms), ~3 s against the 10 s cap, so the squad must not change. Read at every check of
    // the work count (~260 reads), as the old wall-clock cap was, it stopped this solve early.
    let reads = 0;
    const slow = solveChallenge({ ...input, capClock: () => (reads += 1) * 100 });
    expect(answerOf(slow)).toEqual(answerOf(frozen));
    expect(slow.status === 'solved' && slow.capped === true).toBe(false);
  }, 600_000);

  it('still stops a solve whose cap clock passes the cap, and says so', () => {
    let reads = 0;
    const capped = solveChallenge({ ...everyoneLinks(300), capClock: () => (reads++ === 0 ? 0 : 1e9) });
    expect(capped).toMatchObject({ status: 'solved', capped: true });
  }, 600_000);
});
