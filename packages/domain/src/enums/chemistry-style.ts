import { chemistryStyleRows } from '../ids/tables.js';
import { ANY_ID } from '../schemas/common.js';
import type { Option } from './options.js';

/** Chemistry styles: Any (-1), then BASIC 250 up to GK_BASIC 273 in EA's order. */
export const chemistryStyleOptions: readonly Option<number>[] = [
  { value: ANY_ID, label: 'Any' },
  ...chemistryStyleRows.map((row) => ({ value: row.id, label: row.name })),
];

/** Known chemistry style ids (Any included). */
export const chemistryStyleIds: ReadonlySet<number> = new Set(
  chemistryStyleOptions.map((option) => option.value),
);

/** Label of a chemistry style id; unknown ids give Any. */
export function chemistryStyleLabel(id: number): string {
  return chemistryStyleOptions.find((option) => option.value === id)?.label ?? 'Any';
}

/** Whether the style belongs to goalkeepers (Wall, Shield, Cat, Glove, GK Basic). */
export function isGoalkeeperChemistryStyle(id: number): boolean {
  return chemistryStyleRows.some((row) => row.id === id && row.goalkeeper);
}
