import { loadCatalogue, searchableNames, type CatalogueCard } from '@tradedesk/domain/catalogue';
import type { Db } from '../../db/client.js';
import { slicesOf } from '../../lib/in-slices.js';
import { catalogueRepo } from './catalogue-repo.js';

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
  if ((await catalogueRepo.cardCount(db)) >= catalogue.size) return renameCards(db, catalogue.cards);
  // A slice of cards per statement: building all 18,000 cards' tokens and rows at once held the
  // event loop for seconds (each statement's round trip gives it back).
  await db.transaction(async (tx) => {
    for (const cards of slicesOf(catalogue.cards)) await catalogueRepo.insert(tx, cards, tokensOf(cards));
  });
}

/**
 * A database filled by an older catalogue takes the current names (names in the game's order):
 * the rows whose name changed are renamed and their new names' tokens added.
 */
async function renameCards(db: Db, cards: readonly CatalogueCard[]): Promise<void> {
  for (const slice of slicesOf(cards)) {
    const ids = new Set(await catalogueRepo.rename(db, slice));
    if (ids.size === 0) continue;
    const renamed = slice.filter((card) => ids.has(card.definitionId));
    await db.transaction((tx) => catalogueRepo.insert(tx, [], tokensOf(renamed)));
  }
}

/** The name tokens of these cards, each with the card's id, rating and rarity. */
const tokensOf = (cards: readonly CatalogueCard[]) =>
  cards.flatMap((card) =>
    nameTokens(searchableNames(card)).map((token) => ({
      ...token,
      id: card.definitionId,
      rating: card.rating,
      rarityId: card.rarityId,
    })),
  );

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
