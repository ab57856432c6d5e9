export * from './strategy.js';
export * from './criteria.js';
export * from './cache-busting.js';
export * from './buy-limit.js';
export * from './normal.js';
export * from './multi-rarity.js';
export * from './fodder.js';
export * from './create-strategy.js';
