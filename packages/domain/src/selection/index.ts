export * from './filter-selection.js';
