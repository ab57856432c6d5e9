import { SUGGESTION_LIMIT, type Rarity } from '@tradedesk/domain';
import { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client';

const suggestionSchema = z
  .object({ id: z.union([z.number(), z.string()]), name: z.string(), rating: z.number().optional() })
  .passthrough();
export type PlayerSuggestion = z.infer<typeof suggestionSchema>;

/**
 * GET /api/player-data?name=&rarity=&numOfResults=5. Returns null when the player service is
 * not available (404), so the form can carry on without suggestions.
 */
export async function getPlayerSuggestions(name: string, rarity: Rarity): Promise<PlayerSuggestion[] | null> {
  try {
    const data = await api.get<unknown>('player-data', '', {
      name,
      rarity,
      numOfResults: SUGGESTION_LIMIT,
    });
    const parsed = z.array(suggestionSchema).safeParse(data);
    return parsed.success ? parsed.data.slice(0, SUGGESTION_LIMIT) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
