import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * Reads the 18,547-card catalogue. Temporary: switches to `@tradedesk/domain/catalogue` once the
 * domain package publishes that loader.
 */
const catalogueRowSchema = z.object({
  definitionId: z.number().int(),
  baseId: z.number().int(),
  name: z.string(),
  rating: z.number().int(),
  position: z.string(),
  positions: z.array(z.string()),
  rarityId: z.number().int(),
  clubId: z.number().int().nullable(),
  leagueId: z.number().int(),
  nationId: z.number().int(),
  externalPrice: z.number().optional(),
});
export type CatalogueRow = z.infer<typeof catalogueRowSchema>;

let cached: readonly CatalogueRow[] | undefined;

/** Every card of the catalogue, loaded once per process. */
export function loadCatalogueRows(): readonly CatalogueRow[] {
  if (cached) return cached;
  const url = new URL('../../../../packages/domain/data/players.json', import.meta.url);
  const raw: unknown = JSON.parse(readFileSync(url, 'utf8'));
  cached = z.array(catalogueRowSchema).parse(raw);
  return cached;
}
