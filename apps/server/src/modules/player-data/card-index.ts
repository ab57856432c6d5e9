import { foldName, loadCatalogue, searchableNames, type CatalogueCard } from '@tradedesk/domain/catalogue';
import { rarityIds, type Platform, type Rarity } from '@tradedesk/domain';
import type { CurrentPriceMemory } from '../prices/current-price-memory.js';
import { nameTokens } from './catalogue-sync.js';
import type { PricedCardRow } from './repo.js';

type CardRow = PricedCardRow['card'];

/** The EA rarity id a card must have for `rarity` (none for any). */
export const rarityIdOf = (rarity: Rarity): number | undefined =>
  rarity === 'any' ? undefined : rarityIds[rarity];

/** The most results one name search returns (`numOfResults` is at most this). */
export const MAX_SEARCH_RESULTS = 50;
/**
 * A prefix matching more tokens than this has its best MAX_SEARCH_RESULTS cards (any rarity)
 * ranked when the index is built; any other prefix is ranked by scanning at most this many.
 */
const WIDE_PREFIX_TOKENS = 128;

/**
 * The catalogue as `player_cards` and `player_name_tokens` hold it, indexed in memory: name
 * tokens ("kylian mbappe", "mbappe") sorted for prefix search, and each rarity's cards best rating
 * first. Built once per process (the catalogue ships with the app, so it only changes with a new
 * release).
 */
class CardIndex {
  /** Sorted tokens and, at the same index, the card each names (parallel arrays scan fastest). */
  private readonly tokens: string[];
  private readonly tokenCards: CardRow[];
  private readonly byRarity = new Map<number, CardRow[]>();
  private readonly byId = new Map<number, CardRow>();
  /** Ranked answers of the wide prefixes ("a", "ma", "mar"…), any rarity. */
  private readonly widePrefixes = new Map<string, CardRow[]>();

  constructor(cards: readonly CatalogueCard[]) {
    const rows = cards.map(cardRowOf);
    for (const row of rows) this.byId.set(row.definitionId, row);
    const entries = rows.flatMap((row, index) =>
      nameTokens(searchableNames(cards[index]!)).map(({ token }) => ({ token, card: row })),
    );
    // Code-unit order, as PostgreSQL's text_pattern_ops compares.
    entries.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
    this.tokens = entries.map(({ token }) => token);
    this.tokenCards = entries.map(({ card }) => card);
    this.rankWidePrefixes();
    for (const row of [...rows].sort(byRatingThenId)) {
      const list = this.byRarity.get(row.rarityId) ?? [];
      list.push(row);
      this.byRarity.set(row.rarityId, list);
    }
  }

  /** The card of this id, when it has the rarity asked for (any: every card). */
  card(definitionId: number, rarity: Rarity = 'any'): CardRow | undefined {
    const card = this.byId.get(definitionId);
    const wanted = rarityIdOf(rarity);
    return card && (wanted === undefined || card.rarityId === wanted) ? card : undefined;
  }

  /**
   * Same answer as `repo.searchByName`: exact names first, then best rating, then lowest id.
   * Wide prefixes of any rarity are answered from their ranking; otherwise only the best
   * `limit` cards are kept while the prefix's token range is scanned.
   */
  searchByName(folded: string, rarityId: number | undefined, limit: number): CardRow[] {
    const ranked = rarityId === undefined && limit <= MAX_SEARCH_RESULTS && this.widePrefixes.get(folded);
    if (ranked) return ranked.slice(0, limit);
    // Every token starting with `folded` sorts between it and `folded` + the highest code unit.
    const end = this.firstAtOrAfter(`${folded}\uffff`);
    return this.bestOfRange(folded, this.firstAtOrAfter(folded), end, rarityId, limit);
  }

  /** The best `limit` cards of one rarity, best rating first. */
  rarityCards(rarityId: number, limit: number): readonly CardRow[] {
    return (this.byRarity.get(rarityId) ?? []).slice(0, limit);
  }

  /** The best `limit` cards named by the tokens in [start, end), which all start with `folded`. */
  private bestOfRange(
    folded: string,
    start: number,
    end: number,
    rarityId: number | undefined,
    limit: number,
  ): CardRow[] {
    const best: RankedCard[] = [];
    for (let at = start; at < end; at += 1) {
      const card = this.tokenCards[at]!;
      if (rarityId !== undefined && card.rarityId !== rarityId) continue;
      keepBest(best, card, this.tokens[at] === folded ? 0 : 1, limit);
    }
    const cards: CardRow[] = [];
    for (const { card } of best) cards.push(card);
    return cards;
  }

  /**
   * Ranks every prefix that starts more than WIDE_PREFIX_TOKENS tokens. Tokens sharing a prefix
   * are neighbours in sorted order, so each prefix length is one pass over the tokens; a length
   * with no wide prefix ends the work (no longer prefix can be wider).
   */
  private rankWidePrefixes(): void {
    for (let length = 1; ; length += 1) {
      let foundWide = false;
      let start = 0;
      while (start < this.tokens.length) {
        const token = this.tokens[start]!;
        if (token.length < length) {
          start += 1;
          continue;
        }
        const prefix = token.slice(0, length);
        let end = start + 1;
        while (end < this.tokens.length && this.tokens[end]!.startsWith(prefix)) end += 1;
        if (end - start > WIDE_PREFIX_TOKENS) {
          foundWide = true;
          this.widePrefixes.set(prefix, this.bestOfRange(prefix, start, end, undefined, MAX_SEARCH_RESULTS));
        }
        start = end;
      }
      if (!foundWide) return;
    }
  }

  private firstAtOrAfter(folded: string): number {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[middle]! < folded) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const byRatingThenId = (a: CardRow, b: CardRow) => b.rating - a.rating || a.definitionId - b.definitionId;

/** A matched card and its rank: 0 when a whole name equals the typed text, else 1. */
interface RankedCard {
  card: CardRow;
  rank: number;
}

/** Negative when a card of `rank` comes before `kept`: better rank, then rating, then lower id. */
const compareWith = (card: CardRow, rank: number, kept: RankedCard) =>
  rank - kept.rank || byRatingThenId(card, kept.card);

/**
 * Puts the card into `best` (sorted, at most `limit` long, one entry per card). A card seen
 * again keeps its better rank; a card no better than the last of a full list is dropped before
 * anything else is looked at (most tokens of a short prefix are).
 */
function keepBest(best: RankedCard[], card: CardRow, rank: number, limit: number): void {
  if (best.length >= limit && compareWith(card, rank, best[best.length - 1]!) >= 0) return;
  for (let at = 0; at < best.length; at += 1) {
    if (best[at]!.card !== card) continue;
    if (best[at]!.rank <= rank) return;
    best.splice(at, 1);
    break;
  }
  let insertAt = best.length;
  while (insertAt > 0 && compareWith(card, rank, best[insertAt - 1]!) < 0) insertAt -= 1;
  best.splice(insertAt, 0, { card, rank });
  if (best.length > limit) best.pop();
}

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
