export * from './ports.js';
export * from './sbc-run.js';
