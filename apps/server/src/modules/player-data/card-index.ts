import { foldName, loadCatalogue, searchableNames, type CatalogueCard } from '@tradedesk/domain/catalogue';
import type { Platform } from '@tradedesk/domain';
import type { CurrentPriceMemory } from '../prices/current-price-memory.js';
import { nameTokens } from './catalogue-sync.js';
import type { PricedCardRow } from './repo.js';

type CardRow = PricedCardRow['card'];

/** One name token ("kylian mbappe", "mbappe") pointing at its card. */
interface TokenEntry {
  token: string;
  card: CardRow;
}

/**
 * The catalogue as `player_cards` and `player_name_tokens` hold it, indexed in memory: name
 * tokens sorted for prefix search and each rarity's cards best rating first. Built once per
 * process (the catalogue ships with the app, so it only changes with a new release).
 */
class CardIndex {
  private readonly tokens: TokenEntry[];
  private readonly byRarity = new Map<number, CardRow[]>();
  private readonly byId = new Map<number, CardRow>();

  constructor(cards: readonly CatalogueCard[]) {
    const rows = cards.map(cardRowOf);
    for (const row of rows) this.byId.set(row.definitionId, row);
    this.tokens = rows.flatMap((row, index) =>
      nameTokens(searchableNames(cards[index]!)).map(({ token }) => ({ token, card: row })),
    );
    // Code-unit order, as PostgreSQL's text_pattern_ops compares.
    this.tokens.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
    for (const row of [...rows].sort(byRatingThenId)) {
      const list = this.byRarity.get(row.rarityId) ?? [];
      list.push(row);
      this.byRarity.set(row.rarityId, list);
    }
  }

  card(definitionId: number): CardRow | undefined {
    return this.byId.get(definitionId);
  }

  /** Same answer as `repo.searchByName`: exact names first, then best rating, then lowest id. */
  searchByName(folded: string, rarityId: number | undefined, limit: number): CardRow[] {
    const ranks = new Map<CardRow, number>();
    for (let at = this.firstAtOrAfter(folded); at < this.tokens.length; at += 1) {
      const entry = this.tokens[at]!;
      if (!entry.token.startsWith(folded)) break;
      if (rarityId !== undefined && entry.card.rarityId !== rarityId) continue;
      const rank = entry.token === folded ? 0 : 1;
      if ((ranks.get(entry.card) ?? 2) > rank) ranks.set(entry.card, rank);
    }
    return [...ranks]
      .sort(([cardA, rankA], [cardB, rankB]) => rankA - rankB || byRatingThenId(cardA, cardB))
      .slice(0, limit)
      .map(([card]) => card);
  }

  /** The best `limit` cards of one rarity (as `repo.rarityCards`). */
  rarityCards(rarityId: number, limit: number): readonly CardRow[] {
    return (this.byRarity.get(rarityId) ?? []).slice(0, limit);
  }

  private firstAtOrAfter(folded: string): number {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[middle]!.token < folded) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const byRatingThenId = (a: CardRow, b: CardRow) => b.rating - a.rating || a.definitionId - b.definitionId;

function cardRowOf(card: CatalogueCard): CardRow {
  return {
    definitionId: card.definitionId,
    baseId: card.baseId,
    name: card.name,
    searchName: foldName(card.name),
    rating: card.rating,
    position: card.position,
    rarityId: card.rarityId,
    isSbc: false,
    isObjective: false,
  };
}

let index: CardIndex | undefined;

/** The process-wide card index (built on first use). */
export function cardIndex(): CardIndex {
  index ??= new CardIndex(loadCatalogue().cards);
  return index;
}

const NO_PRICE = { price: null, source: null, observedAt: null } as const;

/** A card with its current prices from memory, shaped as the database join returns it. */
export function pricedRow(card: CardRow, prices: CurrentPriceMemory): PricedCardRow {
  const price = (platform: Platform) => prices.get(card.definitionId, platform) ?? NO_PRICE;
  return { card, pc: price('pc'), ps: price('ps') };
}
