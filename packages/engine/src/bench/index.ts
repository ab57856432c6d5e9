export * from './classic-autobuyer.js';
export * from './reaction-probe.js';
export * from './oracle.js';
export * from './reaction-bench.js';
