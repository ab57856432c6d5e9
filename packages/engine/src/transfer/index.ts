export * from './ports.js';
export * from './messages.js';
export * from './sync.js';
export * from './find-listing.js';
export * from './buy-listing.js';
export * from './buy-back.js';
export * from './transfer-run.js';
