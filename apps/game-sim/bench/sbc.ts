/**
 * `npm run bench -- sbc`: the SBC solver on the standard set with 5,000-card pools, against a
 * greedy baseline (cheapest card per slot, then upgrades until the requirements hold) measured
 * in the same run; and, as the exact reference, exhaustive search on small pools (the true
 * optimum), since no exact method finishes on 5,000-card chemistry challenges.
 */
import os from 'node:os';
import { decodeChallengeRequirements } from '@tradedesk/domain';
import { prepareSolver, solveChallenge, type SolveInput } from '@tradedesk/solver';
import { greedyBaseline } from '@tradedesk/solver/baseline';
import { exactReference } from '@tradedesk/solver/reference';
import { exhaustiveOptimum, randomPool, SMALL_POOL_CHALLENGES } from '@tradedesk/solver/testing';
import { createClock } from '../src/core/clock.js';
import { encodeRequirements } from '../src/sbc/requirements.js';
import { standardPool } from '../src/sbc/standard-pool.js';
import { standardSets } from '../src/sbc/standard-set.js';
import { World } from '../src/world/world.js';

/** The budget per challenge (the target is 1 s; SBC_TIME_MS changes it for experiments). */
const TIME_LIMIT_MS = Number(process.env.SBC_TIME_MS ?? 1000);
/** The exact reference's limit per unproven challenge (SBC_REFERENCE_S; 0 leaves it out). */
const REFERENCE_SECONDS = Number(process.env.SBC_REFERENCE_S ?? 30);
/** The standard pool's seed (SBC_POOL_SEED; the benchmark's figures are on pool 1). */
const POOL_SEED = Number(process.env.SBC_POOL_SEED ?? 1);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function benchSbc(): Promise<void> {
  const world = new World(createClock({ speed: 0, start: Date.UTC(2026, 0, 1) }), {
    market: { initialListings: 0 },
  });
  await prepareSolver();
  const pool = standardPool(POOL_SEED);
  // SBC_ONLY=<regular expression> runs the challenges whose name matches (for iterating).
  const only = process.env.SBC_ONLY ? new RegExp(process.env.SBC_ONLY, 'i') : undefined;
  const challenges = standardSets(world)
    .flatMap((set) => set.challenges)
    .filter((challenge) => !only || only.test(challenge.name));
  console.log(
    `standard set: ${challenges.length} challenges, pool ${POOL_SEED}: ${pool.market.length} market + ${pool.owned.length} owned cards`,
  );
  console.log(
    'challenge | ours cost | ms | cpu ms | proof | greedy cost | ms | ours/greedy | exact reference (search, then MILP) | ours/optimum',
  );
  const times: number[] = [];
  let proven = 0;
  let provenInSecond = 0;
  let aboveBaseline = 0;
  let rejected = 0;
  let solved = 0;
  let referenceOptimal = 0;
  let referenceWorse = 0;
  for (const challenge of challenges) {
    const input: SolveInput = {
      challenge: decodeChallengeRequirements({
        elgOperation: challenge.operation ?? 'AND',
        elgReq: encodeRequirements(challenge.requirements),
      }),
      formation: challenge.formation,
      owned: pool.owned,
      market: pool.market,
      workLimitMs: TIME_LIMIT_MS,
      seed: challenge.challengeId,
    };
    let ours;
    const cpuStart = process.cpuUsage();
    try {
      ours = solveChallenge(input);
    } catch (error) {
      rejected += 1;
      console.log(`${challenge.name} | evaluator rejected: ${(error as Error).message}`);
      continue;
    }
    const cpuMs = process.cpuUsage(cpuStart).user / 1000;
    const greedyStart = performance.now();
    const greedy = greedyBaseline(input);
    const greedyMs = performance.now() - greedyStart;
    if (ours.status !== 'solved') {
      console.log(
        `${challenge.name} | ${ours.status}: ${ours.reason} | ${ours.elapsedMs} | - | ${greedy?.cost ?? '-'} |`,
      );
      continue;
    }
    solved += 1;
    times.push(ours.elapsedMs);
    const proof =
      ours.proof.kind === 'optimal'
        ? 'optimal'
        : `bound ${ours.proof.lowerBound} gap ${(ours.proof.gap * 100).toFixed(1)}%`;
    if (ours.proof.kind === 'optimal') {
      proven += 1;
      if (ours.elapsedMs <= 1000) provenInSecond += 1;
    }
    if (greedy && ours.cost > greedy.cost) aboveBaseline += 1;
    const ratio = greedy && greedy.cost > 0 ? (ours.cost / greedy.cost).toFixed(3) : '-';
    // Proven answers are the optimum; the others are checked by the MILP without the card limit.
    let reference = 'ours proven';
    let versusOptimum = '1.000';
    if (ours.proof.kind !== 'optimal') {
      if (REFERENCE_SECONDS > 0) {
        const exact = exactReference(input, ours.cost, REFERENCE_SECONDS);
        if (exact.optimum !== undefined) {
          reference = `optimum ${exact.optimum}`;
          versusOptimum = (ours.cost / exact.optimum).toFixed(3);
          if (ours.cost === exact.optimum) referenceOptimal += 1;
          else referenceWorse += 1;
        } else {
          reference = `unfinished in ${REFERENCE_SECONDS} s, bound ${exact.bound}`;
          versusOptimum = '-';
        }
      } else {
        reference = 'not run';
        versusOptimum = '-';
      }
    }
    console.log(
      `${challenge.name} | ${ours.cost} | ${ours.elapsedMs} | ${cpuMs.toFixed(0)} | ${proof} | ${greedy?.cost ?? 'none'} | ${greedyMs.toFixed(0)} | ${ratio} | ${reference} | ${versusOptimum}`,
    );
  }
  benchSmallPools();
  console.log(
    `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores; solved ${solved}/${challenges.length}; proven optimal ${proven} (${((100 * proven) / challenges.length).toFixed(0)}%), within 1 s ${provenInSecond}; median ${median(times)} ms; above greedy ${aboveBaseline}; rejected by the exact evaluator ${rejected}; unproven answers the reference showed optimal ${referenceOptimal}, beaten ${referenceWorse}`,
  );
}

/** Ours against exhaustive search (the true optimum) on small pools of 17 cards. */
export function benchSmallPools(): void {
  let optimalClaims = 0;
  let wrongClaims = 0;
  let cases = 0;
  let ratioSum = 0;
  for (const [index, challenge] of SMALL_POOL_CHALLENGES.entries()) {
    for (const seed of [1, 2, 3]) {
      const pool = randomPool(seed * 31 + index, 17);
      const optimum = exhaustiveOptimum(pool, challenge);
      const ours = solveChallenge({ challenge, formation: 'f433', market: pool, workLimitMs: 300 });
      if (optimum === Infinity || ours.status !== 'solved') continue;
      cases += 1;
      ratioSum += ours.cost / optimum;
      if (ours.proof.kind === 'optimal') {
        optimalClaims += 1;
        if (ours.cost !== optimum) wrongClaims += 1;
      }
    }
  }
  console.log(
    `small pools (17 cards, exhaustive reference): ${cases} solved cases, mean ours/optimum ${(ratioSum / Math.max(1, cases)).toFixed(3)}, proven optimal ${optimalClaims}, wrong optimality claims ${wrongClaims}`,
  );
}
