export * from './marketplace.js';
export * from './orders.js';
