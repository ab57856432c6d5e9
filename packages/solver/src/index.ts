/** The SBC solver: the cheapest eligible squad from owned cards and the market, with a proof. */
export * from './types.js';
export { solveChallenge } from './solve.js';
export { betterAnswer, FIRST_WORK_MS, solveAnytime } from './anytime.js';
export { cheapestRatingProfile } from './rating-profile.js';
export { scoreWindowOf } from './score-window.js';
export { prepareSolver, milpReady } from './milp.js';
export { threadCpuMs } from './work-clock.js';
