export * from './rows.js';
export * from './tables.js';
export * from './lookup.js';
