/** SBC rules: formations, chemistry, squad rating, challenge requirements (SBC.md). No I/O. */
export * from './formations.js';
export * from './squad.js';
export * from './special-cards.js';
export * from './chemistry.js';
export * from './rating.js';
export * from './eligibility.js';
export * from './requirements.js';
export * from './elg-codec.js';
export * from './labels.js';
export * from './evaluate.js';
export * from './item-card.js';
export * from './club-squad.js';
export type * from './api-views.js';
