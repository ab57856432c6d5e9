import {
  createNormalFilterSchema,
  DEFAULT_PRICE_PROVIDER,
  rarityFilterSchema,
  type normalFilterShape,
} from '@tradedesk/domain';
import type { z } from 'zod';
import type { SnipePanelFilter } from '../api/get-filters';

/**
 * One form model for both kinds: the normal filter's fields, with `type` telling them apart.
 * The 59th Minute schema drops the fields it does not have (name, search option) on parse.
 */
export type FilterFormValues = Omit<z.input<typeof normalFilterShape>, 'type'> & {
  type: 'normal' | 'rarity';
};

/** The Normal and 59th Minute filters (the Fodder filter has a form of its own). */
export type SearchFilter = Exclude<SnipePanelFilter, { type: 'fodder' }>;

export function formValuesOf(filter: SearchFilter): FilterFormValues {
  const { isSelected: _selection, ...rest } = filter;
  if (rest.type === 'normal') return rest;
  return { ...rest, name: '', searchOption: 'top_to_bottom' };
}

type FilterFormSchema = z.ZodType<unknown, z.ZodTypeDef, FilterFormValues>;

/** The shared rules of the filter's kind (the 59th Minute schema strips the normal-only fields). */
export const schemaOf = (type: FilterFormValues['type']): FilterFormSchema =>
  type === 'normal'
    ? createNormalFilterSchema(DEFAULT_PRICE_PROVIDER)
    : (rarityFilterSchema as unknown as FilterFormSchema);
