export * from './numbers.js';
export * from './money.js';
export * from './durations.js';
export { roundHalfAwayFromZero } from './rounding.js';
