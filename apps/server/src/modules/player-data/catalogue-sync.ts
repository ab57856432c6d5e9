import { sql } from 'drizzle-orm';
import { foldName, loadCatalogue, searchableNames, type CatalogueCard } from '@tradedesk/domain/catalogue';
import type { Db } from '../../db/client.js';

const loaded = new WeakMap<Db, Promise<void>>();

/**
 * Copies the card catalogue into `player_cards` and its name tokens once per database (the
 * catalogue ships with the app; a newer one adds its new cards). Memoised per connection.
 */
export function ensureCatalogue(db: Db): Promise<void> {
  let pending = loaded.get(db);
  if (!pending) {
    pending = loadInto(db).catch((error: unknown) => {
      loaded.delete(db);
      throw error;
    });
    loaded.set(db, pending);
  }
  return pending;
}

async function loadInto(db: Db): Promise<void> {
  const catalogue = loadCatalogue();
  const result = (await db.execute(sql`SELECT count(*)::int AS count FROM player_cards`)) as unknown as {
    rows: { count: number }[];
  };
  if ((result.rows[0]?.count ?? 0) >= catalogue.size) return renameCards(db, catalogue.cards);
  const cards = catalogue.cards;
  await db.transaction((tx) => insertCards(tx, cards, cards));
}

/**
 * A database filled by an older catalogue takes the current names (names in the game's order):
 * the rows whose name changed are renamed and their new names' tokens added.
 */
async function renameCards(db: Db, cards: readonly CatalogueCard[]): Promise<void> {
  const renamed = (await db.execute(sql`
    UPDATE player_cards AS card SET name = wanted.name, search_name = wanted.search_name
    FROM unnest(${sql.param(cards.map((card) => card.definitionId))}::int[],
      ${sql.param(cards.map((card) => card.name))}::text[],
      ${sql.param(cards.map((card) => foldName(card.name)))}::text[]) AS wanted(definition_id, name, search_name)
    WHERE card.definition_id = wanted.definition_id AND card.name <> wanted.name
    RETURNING card.definition_id AS id`)) as unknown as { rows: { id: number }[] };
  if (renamed.rows.length === 0) return;
  const ids = new Set(renamed.rows.map((row) => row.id));
  await db.transaction((tx) =>
    insertCards(
      tx,
      [],
      cards.filter((card) => ids.has(card.definitionId)),
    ),
  );
}

/** Inserts `cards` and the name tokens of `named` (both skip what is there already). */
async function insertCards(
  tx: Pick<Db, 'execute'>,
  cards: readonly CatalogueCard[],
  named: readonly CatalogueCard[],
): Promise<void> {
  const tokens = named.flatMap((card) =>
    nameTokens(searchableNames(card)).map((token) => ({
      ...token,
      id: card.definitionId,
      rating: card.rating,
      rarityId: card.rarityId,
    })),
  );
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
}

/** Each folded name cut at every word start; the whole name has word index 0. */
export function nameTokens(names: readonly string[]): { token: string; wordIndex: number }[] {
  const best = new Map<string, number>();
  for (const name of names) {
    const words = name.split(' ');
    words.forEach((_, index) => {
      const token = words.slice(index).join(' ');
      const kept = best.get(token);
      if (token !== '' && (kept === undefined || index < kept)) best.set(token, index);
    });
  }
  return [...best].map(([token, wordIndex]) => ({ token, wordIndex }));
}
