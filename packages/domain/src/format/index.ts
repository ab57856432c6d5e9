export * from './numbers.js';
export * from './money.js';
export * from './durations.js';
export { roundHalfAwayFromZero } from './rounding.js';
export * from './price-sites.js';
export * from './shortcut-labels.js';
