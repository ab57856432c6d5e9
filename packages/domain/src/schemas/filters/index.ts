import { z } from 'zod';
import type { PriceProvider } from '../../enums/filter.js';
import { DEFAULT_PRICE_PROVIDER } from '../../constants.js';
import { checkFodderFilter, fodderFilterShape, type FodderFilter } from './fodder.js';
import { checkNormalFilter, normalFilterShape, type NormalFilter } from './normal.js';
import { checkRarityFilter, rarityFilterShape, type RarityFilter } from './rarity.js';
import { checkTransferFilter, transferFilterShape, type TransferFilter } from './transfer.js';

export * from './base.js';
export * from './normal.js';
export * from './rarity.js';
export * from './fodder.js';
export * from './transfer.js';

/** Any filter, told apart by `type`. */
export type Filter = NormalFilter | RarityFilter | FodderFilter | TransferFilter;
/** Filters a snipe can run. */
export type SnipeFilter = NormalFilter | RarityFilter | FodderFilter;

/** Shapes only (no cross-field rules): for partial checks and discriminated parsing. */
export const filterShapeSchema = z.discriminatedUnion('type', [
  normalFilterShape,
  rarityFilterShape,
  fodderFilterShape,
  transferFilterShape,
]);

/** Any filter with the rules of its kind; `provider` names the price database in messages. */
export function createFilterSchema(provider: PriceProvider = DEFAULT_PRICE_PROVIDER) {
  return filterShapeSchema.superRefine((filter, ctx) => {
    switch (filter.type) {
      case 'normal':
        return checkNormalFilter(filter, ctx, provider);
      case 'rarity':
        return checkRarityFilter(filter, ctx);
      case 'fodder':
        return checkFodderFilter(filter, ctx);
      case 'transfer':
        return checkTransferFilter(filter, ctx);
    }
  });
}
export const filterSchema = createFilterSchema();
