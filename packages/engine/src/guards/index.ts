export * from './guard.js';
export * from './duration-guard.js';
export * from './thresholds-guard.js';
export * from './coin-guard.js';
export * from './safety-guard.js';
export * from './backoff-guard.js';
export * from './break-guard.js';
export * from './budget-guard.js';
