import { z } from 'zod';
import { qualityOfCard, type Quality } from '../enums/quality.js';

/** One row of data/players.json (see data/README.md). */
export const catalogueRowSchema = z.object({
  definitionId: z.number().int().positive(),
  baseId: z.number().int().positive(),
  name: z.string().min(1),
  exportName: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  commonName: z.string().optional(),
  rating: z.number().int().min(1).max(99),
  position: z.string().min(1),
  positions: z.array(z.string()).min(1),
  rarityId: z.number().int().min(0),
  clubId: z.number().int().nullable(),
  leagueId: z.number().int(),
  nationId: z.number().int(),
  women: z.boolean().optional(),
  externalPrice: z.number().int().nonnegative().optional(),
});
export type CatalogueRow = z.infer<typeof catalogueRowSchema>;

/** A catalogue card with its derived quality. */
export interface CatalogueCard extends CatalogueRow {
  quality: Exclude<Quality, 'any'>;
}

/** A catalogue row as the card the product works with. */
export function toCatalogueCard(row: CatalogueRow): CatalogueCard {
  return { ...row, quality: qualityOfCard(row.rating, row.rarityId) };
}

/** Letters NFD does not split into a base letter and a mark. */
const LETTER_FOLDS: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
  þ: 'th',
};

/** Lower-cased, accents removed, spaces collapsed: "Ødegaard" and "odegaard" compare equal. */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[øłđæœßıþ]/g, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every name a user might type for the card, folded. */
export function searchableNames(row: CatalogueRow): string[] {
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const names = [row.name, row.commonName, fullName, row.exportName].filter((name): name is string => !!name);
  return [...new Set(names.map(foldName))];
}
