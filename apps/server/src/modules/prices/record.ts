import { isValidPrice, platformSchema } from '@tradedesk/domain';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { storeObservations } from './repo.js';

export const observedPriceSchema = z.object({
  definitionId: z.number().int().positive(),
  platform: platformSchema,
  price: z
    .number()
    .int()
    .refine((price) => isValidPrice(price), 'Price must be a valid Buy Now price'),
  observedAt: z.date(),
});
export type ObservedPrice = z.infer<typeof observedPriceSchema>;

/**
 * Stores the lowest Buy Now a snipe session just saw in its own search: the freshest source,
 * recorded as 'live'. Bad input throws a 400 and stores nothing.
 */
export async function recordObservedPrice(db: Db, input: ObservedPrice): Promise<void> {
  const parsed = observedPriceSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid observed price');
  if (!loadCatalogue().byDefinitionId(parsed.data.definitionId))
    throw badRequest(`Unknown card ${parsed.data.definitionId}`, 'player_not_found');
  await storeObservations(db, [{ ...parsed.data, source: 'live' }]);
}
