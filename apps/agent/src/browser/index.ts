export * from './browser-runtime.js';
export * from './coin-balance.js';
export * from './display.js';
export * from './launch-webapp.js';
