/**
 * `npm run bench -- sbc`: the SBC solver on the standard set with 5,000-card pools, against a
 * greedy baseline (cheapest card per slot, then upgrades until the requirements hold) measured
 * in the same run. Each answer the solve leaves unproven is checked against the exact reference
 * (`exactReference`: the solve's exact methods without their limits, then the MILP, run until it
 * proves), and small pools against exhaustive search (the true optimum).
 *
 * Per challenge it prints the first answer (300 work ms) and the final one (the anytime solve
 * continued up to SBC_FINAL_WORK_MS while unproven), each with its time; then it solves the first
 * answers again with a busy loop on every core and counts the squads that came out the same.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { decodeChallengeRequirements } from '@tradedesk/domain';
import {
  FIRST_WORK_MS as DEFAULT_FIRST_WORK_MS,
  prepareSolver,
  solveAnytime,
  solveChallenge,
  threadCpuMs,
  type SolveInput,
  type SolveResult,
} from '@tradedesk/solver';
import { greedyBaseline } from '@tradedesk/solver/baseline';
import { exactReference } from '@tradedesk/solver/reference';
import { exhaustiveOptimum, randomPool, SMALL_POOL_CHALLENGES } from '@tradedesk/solver/testing';
import { createClock } from '../src/core/clock.js';
import { encodeRequirements } from '../src/sbc/requirements.js';
import { standardPool } from '../src/sbc/standard-pool.js';
import { standardSets } from '../src/sbc/standard-set.js';
import { World } from '../src/world/world.js';

/** The first answer's work budget (work ms; the server's default; SBC_FIRST_WORK_MS). */
const FIRST_WORK_MS = Number(process.env.SBC_FIRST_WORK_MS ?? DEFAULT_FIRST_WORK_MS);
/** How far the anytime solve goes on while unproven (work ms; SBC_FINAL_WORK_MS, the server's default). */
const FINAL_WORK_MS = Number(process.env.SBC_FINAL_WORK_MS ?? 16_000);
/** SBC_LOAD_RUN=0 leaves out the second run under load. */
const LOAD_RUN = process.env.SBC_LOAD_RUN !== '0';
/**
 * The exact reference's limit per unproven challenge (SBC_REFERENCE_S; 0 leaves it out): long
 * enough to prove (it stops once proven; Full House and Either Way took minutes of the MILP).
 */
const REFERENCE_SECONDS = Number(process.env.SBC_REFERENCE_S ?? 1_800);
/** The standard pool's seed (SBC_POOL_SEED; the benchmark's figures are on pool 1). */
const POOL_SEED = Number(process.env.SBC_POOL_SEED ?? 1);

const median = (values: number[]) => percentile(values, 0.5);
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

/** Busy loops on every core (resolved once they all run): the load the answers must not depend on. */
async function loadEveryCore(): Promise<Worker[]> {
  const workers = Array.from(
    { length: os.availableParallelism() },
    () => new Worker('for (;;) {}', { eval: true }),
  );
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('online', resolve))));
  return workers;
}

const squadKey = (result: SolveResult) =>
  result.status === 'solved'
    ? `${result.cost}:${result.squad.map((pick) => `${pick.slot}=${pick.assetId}`).join(',')}`
    : result.status;
const proofText = (result: Extract<SolveResult, { status: 'solved' }>) =>
  result.proof.kind === 'optimal'
    ? 'optimal'
    : `bound ${result.proof.lowerBound} gap ${(result.proof.gap * 100).toFixed(1)}%`;

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
    `first answer: ${FIRST_WORK_MS} work ms; final: the anytime solve up to ${FINAL_WORK_MS} work ms while unproven`,
  );
  console.log(
    'challenge | ours cost | ms | cpu ms | proof | first cost | first ms | first proof | greedy cost | ms | ours/greedy | exact reference (search, then MILP) | ours/optimum | first cpu ms | first work ms',
  );
  const firstTimes: number[] = [];
  const firstCpuTimes: number[] = [];
  const finalTimes: number[] = [];
  const firstAnswers = new Map<string, string>();
  const inputs: { name: string; input: SolveInput }[] = [];
  let proven = 0;
  let firstProven = 0;
  let withinOnePercent = 0;
  let aboveBaseline = 0;
  let rejected = 0;
  let solved = 0;
  let referenceOptimal = 0;
  let referenceWorse = 0;
  let atOptimumOrNear = 0;
  for (const challenge of challenges) {
    const input: SolveInput = {
      challenge: decodeChallengeRequirements({
        elgOperation: challenge.operation ?? 'AND',
        elgReq: encodeRequirements(challenge.requirements),
      }),
      formation: challenge.formation,
      owned: pool.owned,
      market: pool.market,
      seed: challenge.challengeId,
    };
    inputs.push({ name: challenge.name, input });
    let first: SolveResult | undefined;
    let ours: SolveResult | undefined;
    // CPU time of this thread (the solve's one core), whatever else the machine runs.
    const cpuStart = threadCpuMs();
    let firstCpuMs = 0;
    try {
      for (const answer of solveAnytime(input, FINAL_WORK_MS, FIRST_WORK_MS)) {
        if (!first) {
          firstCpuMs = threadCpuMs() - cpuStart;
          firstCpuTimes.push(firstCpuMs);
        }
        first ??= answer;
        ours = answer;
      }
    } catch (error) {
      rejected += 1;
      console.log(`${challenge.name} | evaluator rejected: ${(error as Error).message}`);
      continue;
    }
    const cpuMs = threadCpuMs() - cpuStart;
    const greedyStart = performance.now();
    const greedy = greedyBaseline(input);
    const greedyMs = performance.now() - greedyStart;
    if (!first || !ours || ours.status !== 'solved' || first.status !== 'solved') {
      const failed = ours ?? first;
      const reason =
        failed && failed.status !== 'solved' ? `${failed.status}: ${failed.reason}` : 'no answer';
      console.log(`${challenge.name} | ${reason} | - | - | - | ${greedy?.cost ?? '-'} |`);
      continue;
    }
    solved += 1;
    firstAnswers.set(challenge.name, squadKey(first));
    firstTimes.push(first.elapsedMs);
    finalTimes.push(ours.elapsedMs);
    if (first.proof.kind === 'optimal') firstProven += 1;
    if (ours.proof.kind === 'optimal') proven += 1;
    else if (ours.proof.gap <= 0.01) withinOnePercent += 1;
    let nearOptimum = ours.proof.kind === 'optimal' || ours.proof.gap <= 0.01;
    if (greedy && ours.cost > greedy.cost) aboveBaseline += 1;
    const ratio = greedy && greedy.cost > 0 ? (ours.cost / greedy.cost).toFixed(3) : '-';
    // Proven answers are the optimum; the others are checked by the MILP without the card limit.
    let reference = 'ours proven';
    let versusOptimum = '1.000';
    if (ours.proof.kind !== 'optimal') {
      if (REFERENCE_SECONDS > 0) {
        const referenceStart = performance.now();
        const exact = exactReference(input, ours.cost, REFERENCE_SECONDS);
        const referenceSeconds = ((performance.now() - referenceStart) / 1000).toFixed(0);
        if (exact.optimum !== undefined) {
          reference = `optimum ${exact.optimum} in ${referenceSeconds} s`;
          versusOptimum = (ours.cost / exact.optimum).toFixed(3);
          if (ours.cost === exact.optimum) {
            referenceOptimal += 1;
            nearOptimum = true;
          } else referenceWorse += 1;
        } else {
          // An unfinished part that proved nothing leaves the bound at −∞ (or 0): not worth printing.
          reference =
            exact.bound > 0
              ? `unfinished in ${REFERENCE_SECONDS} s, bound ${exact.bound}`
              : `unfinished in ${REFERENCE_SECONDS} s`;
          versusOptimum = '-';
        }
      } else {
        reference = 'not run';
        versusOptimum = '-';
      }
    }
    if (nearOptimum) atOptimumOrNear += 1;
    console.log(
      `${challenge.name} | ${ours.cost} | ${ours.elapsedMs} | ${cpuMs.toFixed(0)} | ${proofText(ours)} | ${first.cost} | ${first.elapsedMs} | ${proofText(first)} | ${greedy?.cost ?? 'none'} | ${greedyMs.toFixed(0)} | ${ratio} | ${reference} | ${versusOptimum} | ${firstCpuMs.toFixed(0)} | ${first.workMs}`,
    );
  }
  benchSmallPools();
  console.log(
    `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores; solved ${solved}/${challenges.length}; final answers proven optimal ${proven} (${((100 * proven) / challenges.length).toFixed(0)}%), unproven within 1 % of the bound ${withinOnePercent}; first answers proven ${firstProven}; first answer median ${median(firstTimes)} ms, p95 ${percentile(firstTimes, 0.95)} ms (CPU of one core: median ${median(firstCpuTimes).toFixed(0)} ms, p95 ${percentile(firstCpuTimes, 0.95).toFixed(0)} ms); final median ${median(finalTimes)} ms; above greedy ${aboveBaseline}; rejected by the exact evaluator ${rejected}; unproven answers the reference showed optimal ${referenceOptimal}, beaten ${referenceWorse}`,
  );
  console.log(
    `final answers at the proven optimum (ours or the reference's) or within 1 % of the bound: ${atOptimumOrNear}/${challenges.length}`,
  );
  if (LOAD_RUN) await firstAnswersUnderLoad(inputs, firstAnswers);
}

/** The first answers again with a busy loop on every core: the same squads, whatever the load. */
async function firstAnswersUnderLoad(
  inputs: readonly { name: string; input: SolveInput }[],
  quiet: ReadonlyMap<string, string>,
): Promise<void> {
  const load = await loadEveryCore();
  let same = 0;
  const times: number[] = [];
  try {
    for (const { name, input } of inputs) {
      const loaded = solveChallenge({ ...input, workLimitMs: FIRST_WORK_MS });
      times.push(loaded.elapsedMs);
      if (quiet.get(name) === squadKey(loaded)) same += 1;
      else
        console.log(
          `under load ${name}: ${squadKey(loaded).split(':')[0]} against ${quiet.get(name)?.split(':')[0]}`,
        );
    }
  } finally {
    await Promise.all(load.map((worker) => worker.terminate()));
  }
  console.log(
    `under load (a busy loop on each of ${os.availableParallelism()} cores, load average ${os.loadavg()[0]?.toFixed(1)}): first answers the same squad ${same}/${inputs.length}; median ${median(times)} ms`,
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
