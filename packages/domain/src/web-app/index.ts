export * from './page-api.js';
