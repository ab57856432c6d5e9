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

/** Words that belong to the family name in front of it ("El Kaabi", "Van Den Bosch"). */
const SURNAME_PARTICLES = new Set([
  'al',
  'ben',
  'da',
  'das',
  'de',
  'del',
  'della',
  'den',
  'der',
  'di',
  'do',
  'dos',
  'du',
  'el',
  'la',
  'le',
  'mac',
  'mc',
  'ould',
  'san',
  'st',
  'ten',
  'ter',
  'van',
  'von',
]);

/**
 * The name in the order the game shows it: the common name, else "first last". Cards EA's names
 * file lacks carry the export's "Last First" string ("Bale Gareth"): it is turned round, the family
 * name being its leading particles plus one word ("El Kaabi Ayoub" → "Ayoub El Kaabi").
 */
export function gameOrderName(row: CatalogueRow): string {
  if (row.commonName) return row.commonName;
  const fullName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  if (fullName !== '') return fullName;
  const words = row.name.trim().split(/\s+/);
  let familyWords = 1;
  while (familyWords < words.length && SURNAME_PARTICLES.has(foldName(words[familyWords - 1] ?? '')))
    familyWords += 1;
  // One word, or nothing left for a first name ("De Jong"): shown as it is.
  if (familyWords >= words.length) return row.name;
  return [...words.slice(familyWords), ...words.slice(0, familyWords)].join(' ');
}

/** A catalogue row as the card the product works with; the export's own string stays searchable. */
export function toCatalogueCard(row: CatalogueRow): CatalogueCard {
  const name = gameOrderName(row);
  const exportName = row.exportName ?? (name === row.name ? undefined : row.name);
  return {
    ...row,
    name,
    ...(exportName === undefined ? {} : { exportName }),
    quality: qualityOfCard(row.rating, row.rarityId),
  };
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
