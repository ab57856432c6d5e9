export * from './transfer-market.js';
