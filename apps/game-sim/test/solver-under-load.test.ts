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

  it('gives the same squad for the same challenge and pool on a quiet and on a loaded machine', async () => {
    // A chemistry challenge the budget does not prove: every stage runs to its deadline, so a
    // wall-clock budget gave the loaded solve less search and another squad.
    const inputs: SolveInput[] = standardSets(world)
      .flatMap((set) => set.challenges)
      .filter((challenge) => challenge.name === 'Everyone Links')
      .map((challenge) => ({
        challenge: decodeChallengeRequirements({
          elgOperation: challenge.operation ?? 'AND',
          elgReq: encodeRequirements(challenge.requirements),
        }),
        formation: challenge.formation,
        owned: pool.owned,
        market: pool.market,
        workLimitMs: 1_000,
        // The wall-clock cap only guards the worst case; this machine is shared and the loaded
        // solve gets a fraction of a core, so the cap is set out of the way.
        wallLimitMs: 200_000,
        seed: challenge.challengeId,
      }));
    expect(inputs).toHaveLength(1);
    const quiet = inputs.map((input) => solveChallenge(input));
    expect(quiet.every((result) => result.status === 'solved' && !result.wallCapped)).toBe(true);
    load = await loadEveryCore();
    const loaded = inputs.map((input) => solveChallenge(input));
    expect(loaded.map(answerOf)).toEqual(quiet.map(answerOf));
  }, 600_000);
});
