import { sql } from 'drizzle-orm';
import { foldName, type CatalogueCard } from '@tradedesk/domain/catalogue';
import type { Db } from '../../db/client.js';

/** One searchable name token of a card. */
export interface CardNameToken {
  token: string;
  wordIndex: number;
  id: number;
  rating: number;
  rarityId: number;
}

/** The card catalogue's tables: `player_cards` and their name tokens `player_name_tokens`. */
export const catalogueRepo = {
  async cardCount(db: Db): Promise<number> {
    const result = (await db.execute(sql`SELECT count(*)::int AS count FROM player_cards`)) as unknown as {
      rows: { count: number }[];
    };
    return result.rows[0]?.count ?? 0;
  },

  /** Gives the stored cards these cards' current names; returns the ids of those renamed. */
  async rename(db: Db, cards: readonly CatalogueCard[]): Promise<number[]> {
    const renamed = (await db.execute(sql`
    UPDATE player_cards AS card SET name = wanted.name, search_name = wanted.search_name
    FROM unnest(${sql.param(cards.map((card) => card.definitionId))}::int[],
      ${sql.param(cards.map((card) => card.name))}::text[],
      ${sql.param(cards.map((card) => foldName(card.name)))}::text[]) AS wanted(definition_id, name, search_name)
    WHERE card.definition_id = wanted.definition_id AND card.name <> wanted.name
    RETURNING card.definition_id AS id`)) as unknown as { rows: { id: number }[] };
    return renamed.rows.map((row) => row.id);
  },

  /** Inserts `cards` and `tokens` (both skip what is there already). */
  async insert(tx: Pick<Db, 'execute'>, cards: readonly CatalogueCard[], tokens: readonly CardNameToken[]) {
    if (cards.length > 0)
      await tx.execute(sql`
      INSERT INTO player_cards (definition_id, base_id, name, search_name, rating, position, rarity_id)
      SELECT * FROM unnest(${sql.param(cards.map((card) => card.definitionId))}::int[],
        ${sql.param(cards.map((card) => card.baseId))}::int[],
        ${sql.param(cards.map((card) => card.name))}::text[],
        ${sql.param(cards.map((card) => foldName(card.name)))}::text[],
        ${sql.param(cards.map((card) => card.rating))}::int[],
        ${sql.param(cards.map((card) => card.position))}::text[],
        ${sql.param(cards.map((card) => card.rarityId))}::int[])
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO player_name_tokens (token, definition_id, word_index, rating, rarity_id)
      SELECT * FROM unnest(${sql.param(tokens.map((token) => token.token))}::text[],
        ${sql.param(tokens.map((token) => token.id))}::int[],
        ${sql.param(tokens.map((token) => token.wordIndex))}::int[],
        ${sql.param(tokens.map((token) => token.rating))}::int[],
        ${sql.param(tokens.map((token) => token.rarityId))}::int[])
      ON CONFLICT DO NOTHING`);
  },
};
