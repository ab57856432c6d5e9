import { rarityIds } from '@tradedesk/domain';
import {
  priceObservationsSchema,
  priceRequestSchema,
  type PriceAnswer,
  type WirePriceQuote,
} from '@tradedesk/domain/realtime';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/errors.js';
import { priceQuoteRepo, type PriceQuoteRow } from '../prices/quote-repo.js';
import { recordObservedPrice } from '../prices/record.js';

/** Common and rare gold: fodder of "gold" quality; every other rarity of a rating is special. */
const plainGoldRarityIds = [0, 1];

/**
 * What agents ask of the price database over their socket: current prices (with the time they
 * were observed, so the engine reports a stale one stale and never buys on it) and the lowest
 * Buy Now their sessions saw, stored as the freshest price.
 */
export function createAgentPrices(ctx: AppContext) {
  const { db } = ctx;
  const toWire = (row: PriceQuoteRow): WirePriceQuote => ({
    definitionId: row.definitionId,
    price: row.price,
    source: row.source,
    observedAt: row.observedAt.getTime(),
    ...(row.playerName === null ? {} : { playerName: row.playerName }),
  });

  async function answer(payload: unknown): Promise<PriceAnswer> {
    const parsed = priceRequestSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, message: 'Invalid price request' };
    const request = parsed.data;
    if (request.kind === 'player') {
      const rows = await priceQuoteRepo.ofCard(db, request.platform, request.definitionId);
      return { ok: true, quotes: rows.map(toWire) };
    }
    if (request.kind === 'rarity') {
      const rows = await priceQuoteRepo.ofRarity(db, request.platform, rarityIds[request.rarity]);
      return { ok: true, quotes: rows.map(toWire) };
    }
    const rows = await priceQuoteRepo.cheapestOfRating(
      db,
      request.platform,
      request.rating,
      plainGoldRarityIds,
      request.quality === 'gold',
    );
    return { ok: true, quotes: rows.map(toWire) };
  }

  /** Stores a batch; an entry the database refuses (unknown card, invalid price) is skipped alone. */
  async function record(payload: unknown): Promise<{ ok: boolean; stored: number }> {
    const parsed = priceObservationsSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, stored: 0 };
    let stored = 0;
    for (const observation of parsed.data.observations) {
      try {
        await recordObservedPrice(db, { ...observation, observedAt: new Date(observation.observedAt) });
        stored += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    return { ok: true, stored };
  }

  return { answer, record };
}

export type AgentPrices = ReturnType<typeof createAgentPrices>;
