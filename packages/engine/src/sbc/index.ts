export * from './ports.js';
export * from './sbc-run.js';
export * from './game-client-adapter.js';
