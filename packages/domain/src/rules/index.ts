export * from './snipe-start.js';
export * from './switch-filter.js';
export * from './account-import.js';
export * from './equality.js';
export * from './transfer.js';
export * from './solver.js';
export * from './referral.js';
export * from './user.js';
