/** The SBC solver: the cheapest eligible squad from owned cards and the market, with a proof. */
export * from './types.js';
export { solveChallenge } from './solve.js';
export { betterAnswer, FIRST_WORK_MS, solveAnytime } from './anytime.js';
export { cheapestRatingProfile, scoreWindowOf } from './rating-profile.js';
export { prepareSolver, milpReady } from './milp.js';
