import { z } from 'zod';
import {
  catalogueRowSchema,
  foldName,
  searchableNames,
  toCatalogueCard,
  type CatalogueCard,
} from './card.js';

export interface NameSearchOptions {
  /** Only cards of this EA rarity id. */
  rarityId?: number | undefined;
  /** At most this many results (default 20). */
  limit?: number | undefined;
}

/** Lookups over the card catalogue: by definition id, base id and name. */
export class Catalogue {
  readonly cards: readonly CatalogueCard[];
  private readonly byDefinition: ReadonlyMap<number, CatalogueCard>;
  private readonly byBase: ReadonlyMap<number, readonly CatalogueCard[]>;
  private readonly names: readonly (readonly string[])[];

  constructor(cards: readonly CatalogueCard[]) {
    this.cards = cards;
    this.byDefinition = new Map(cards.map((card) => [card.definitionId, card]));
    const byBase = new Map<number, CatalogueCard[]>();
    for (const card of cards) byBase.set(card.baseId, [...(byBase.get(card.baseId) ?? []), card]);
    this.byBase = byBase;
    this.names = cards.map(searchableNames);
  }

  /** Validates raw rows (the parsed JSON file) and builds the catalogue. */
  static fromRows(rows: unknown): Catalogue {
    const parsed = z.array(catalogueRowSchema).parse(rows);
    return new Catalogue(parsed.map(toCatalogueCard));
  }

  get size(): number {
    return this.cards.length;
  }

  byDefinitionId(definitionId: number): CatalogueCard | undefined {
    return this.byDefinition.get(definitionId);
  }

  /** Every version of a player (all share the base id), best rating first. */
  byBaseId(baseId: number): readonly CatalogueCard[] {
    return [...(this.byBase.get(baseId) ?? [])].sort((a, b) => b.rating - a.rating);
  }

  /**
   * Accent- and case-insensitive search over name, common name, "first last" and the export
   * name. Exact matches come first, then names starting with the query, then names
   * containing it; ties by rating, best first.
   */
  searchByName(query: string, options: NameSearchOptions = {}): CatalogueCard[] {
    const wanted = foldName(query);
    if (wanted === '') return [];
    const scored: { card: CatalogueCard; rank: number }[] = [];
    this.cards.forEach((card, index) => {
      if (options.rarityId !== undefined && card.rarityId !== options.rarityId) return;
      const rank = matchRank(this.names[index] ?? [], wanted);
      if (rank !== undefined) scored.push({ card, rank });
    });
    scored.sort(
      (a, b) => a.rank - b.rank || b.card.rating - a.card.rating || a.card.definitionId - b.card.definitionId,
    );
    return scored.slice(0, options.limit ?? 20).map((entry) => entry.card);
  }
}

/** 0 exact, 1 a name or word starts with the query, 2 contains it; undefined: no match. */
function matchRank(names: readonly string[], wanted: string): number | undefined {
  let best: number | undefined;
  for (const name of names) {
    const rank =
      name === wanted
        ? 0
        : name.startsWith(wanted) || name.includes(` ${wanted}`)
          ? 1
          : name.includes(wanted)
            ? 2
            : undefined;
    if (rank !== undefined && (best === undefined || rank < best)) best = rank;
  }
  return best;
}
