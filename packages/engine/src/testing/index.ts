export * from './listings.js';
export * from './scripted-market.js';
export * from './static-prices.js';
export * from './recording-sink.js';
export * from './fixtures.js';
export * from './harness.js';
