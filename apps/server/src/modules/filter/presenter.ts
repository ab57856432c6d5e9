import type { FilterRow } from './repo.js';

/** A stored filter as the domain shape: its body plus id, type, label and updatedAt. */
export function presentFilter(row: FilterRow) {
  return {
    ...row.body,
    id: row.id,
    type: row.type,
    label: row.label,
    updatedAt: row.updatedAt.toISOString(),
  };
}
