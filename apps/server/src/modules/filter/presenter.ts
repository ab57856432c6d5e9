import type { filterShapeSchema } from '@tradedesk/domain';
import type { z } from 'zod';
import type { FilterRow } from './repo.js';

/** A filter as the routes answer it, before their response schema reads it. */
export type PresentedFilter = z.input<typeof filterShapeSchema>;

/**
 * A stored filter as the domain shape: its body plus id, type, label and updatedAt. The body was
 * parsed by the domain's filter schema when saved (the column is untyped JSON); the response schema
 * checks it again on the way out.
 */
export function presentFilter(row: FilterRow): PresentedFilter {
  const filter = {
    ...row.body,
    id: row.id,
    type: row.type,
    label: row.label,
    updatedAt: row.updatedAt.toISOString(),
  };
  return filter as unknown as PresentedFilter;
}
