import { marketPositions } from '@tradedesk/domain';
import type { CardDef, Platform, Quality } from './cards.js';
import { TradeList } from './trade-list.js';
import { BASIC_PLAY_STYLE, type Trade } from './types.js';

/** Search criteria of GET transfermarket, already parsed (GAME-PROTOCOL §2.2). */
export interface SearchCriteria {
  definitionId?: number;
  maskedDefId?: number;
  lev?: Quality;
  special?: boolean;
  rarityIds?: readonly number[];
  positions?: ReadonlySet<string>;
  nat?: number;
  leag?: number;
  team?: number;
  playStyle?: number;
  micr?: number;
  macr?: number;
  minb?: number;
  maxb?: number;
}

type KeyName =
  | 'def'
  | 'base'
  | 'rarity'
  | 'club'
  | 'league'
  | 'nation'
  | 'position'
  | 'quality'
  | 'band'
  | 'rarityBand'
  | 'qualityBand'
  | 'specialBand';
const KEY_KINDS: readonly KeyName[] = [
  'def',
  'base',
  'rarity',
  'club',
  'league',
  'nation',
  'position',
  'quality',
  'band',
  'rarityBand',
  'qualityBand',
  'specialBand',
];
const KEY_INDEX = Object.fromEntries(KEY_KINDS.map((kind, position) => [kind, position])) as Record<
  KeyName,
  number
>;
/** The exact positions a market search accepts; the index codes them by place. */
export const MARKET_POSITIONS = marketPositions;
const POSITION_CODES: readonly string[] = MARKET_POSITIONS;
const QUALITY_CODES = ['bronze', 'silver', 'gold'];

/** Numeric index keys (no string building on the hot path): kind in the high digits. */
function keyOf(kind: KeyName, value: number | string): number {
  let code: number;
  if (typeof value === 'number') code = value;
  else if (kind === 'position') code = POSITION_CODES.indexOf(value);
  else if (kind === 'quality') code = QUALITY_CODES.indexOf(value);
  else throw new RangeError(`index key ${kind} needs a number`);
  return KEY_INDEX[kind] * 1e13 + code;
}

/** Buy Now price bands of the composite indexes (a query inside one band scans only that band). */
const BAND_EDGES = [500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 1_000_000];

function bandOf(price: number): number {
  let band = 0;
  while (band < BAND_EDGES.length && price >= (BAND_EDGES[band] as number)) band += 1;
  return band;
}

/** The band holding every price in [min, max], if one does. */
function bandOfRange(min: number | undefined, max: number | undefined): number | undefined {
  if (max === undefined) return undefined;
  const low = bandOf(min ?? 0);
  return low === bandOf(max) ? low : undefined;
}

/** Secondary indexes over the active listings of one platform. */
class PlatformIndex {
  readonly all = new TradeList();
  private readonly lists = new Map<number, TradeList>();
  private readonly cardKeys = new Map<CardDef, number[]>();

  listFor(kind: KeyName, value: number | string): TradeList | undefined {
    return this.lists.get(keyOf(kind, value));
  }

  keysOf(card: CardDef, buyNowPrice: number): number[] {
    let fixed = this.cardKeys.get(card);
    if (!fixed) {
      fixed = [
        keyOf('def', card.definitionId),
        keyOf('base', card.baseId),
        keyOf('rarity', card.rarityId),
        keyOf('club', card.clubId),
        keyOf('league', card.leagueId),
        keyOf('nation', card.nationId),
        keyOf('position', card.position),
        keyOf('quality', card.quality),
      ];
      this.cardKeys.set(card, fixed);
    }
    const band = bandOf(buyNowPrice);
    const keys = fixed.slice();
    keys.push(
      keyOf('band', band),
      keyOf('rarityBand', card.rarityId * 100 + band),
      keyOf('qualityBand', QUALITY_CODES.indexOf(card.quality) * 100 + band),
    );
    if (card.special) keys.push(keyOf('specialBand', band));
    return keys;
  }

  add(trade: Trade, card: CardDef): void {
    this.all.insert(trade);
    for (const key of this.keysOf(card, trade.buyNowPrice)) {
      let list = this.lists.get(key);
      if (!list) {
        list = new TradeList();
        this.lists.set(key, list);
      }
      list.insert(trade);
    }
  }

  remove(trade: Trade, card: CardDef): void {
    this.all.removed(trade);
    for (const key of this.keysOf(card, trade.buyNowPrice)) this.lists.get(key)?.removed(trade);
  }
}

function matches(trade: Trade, card: CardDef, criteria: SearchCriteria, now: number): boolean {
  if (trade.state !== 'active' || trade.expiresAt <= now || trade.visibleAt > now) return false;
  if (criteria.definitionId !== undefined && card.definitionId !== criteria.definitionId) return false;
  if (criteria.maskedDefId !== undefined && card.baseId !== criteria.maskedDefId) return false;
  if (criteria.lev !== undefined && card.quality !== criteria.lev) return false;
  if (criteria.special && !card.special) return false;
  if (criteria.rarityIds && !criteria.rarityIds.includes(card.rarityId)) return false;
  if (criteria.positions && !criteria.positions.has(card.position)) return false;
  if (criteria.nat !== undefined && card.nationId !== criteria.nat) return false;
  if (criteria.leag !== undefined && card.leagueId !== criteria.leag) return false;
  if (criteria.team !== undefined && card.clubId !== criteria.team) return false;
  if (criteria.playStyle !== undefined && (trade.playStyle ?? BASIC_PLAY_STYLE) !== criteria.playStyle)
    return false;
  const bidPrice = trade.currentBid > 0 ? trade.currentBid : trade.startingBid;
  if (criteria.micr !== undefined && bidPrice < criteria.micr) return false;
  if (criteria.macr !== undefined && bidPrice > criteria.macr) return false;
  if (criteria.minb !== undefined && trade.buyNowPrice < criteria.minb) return false;
  if (criteria.maxb !== undefined && trade.buyNowPrice > criteria.maxb) return false;
  return true;
}

/** The market's listings, indexed by card attributes and ordered by time remaining. */
export class MarketIndex {
  private readonly platforms: Record<Platform, PlatformIndex> = {
    pc: new PlatformIndex(),
    ps: new PlatformIndex(),
  };

  constructor(private readonly cards: readonly CardDef[]) {}

  add(trade: Trade): void {
    this.platforms[trade.platform].add(trade, this.card(trade));
  }

  /** Call after a trade stopped being active. */
  remove(trade: Trade): void {
    this.platforms[trade.platform].remove(trade, this.card(trade));
  }

  /** One page of matching visible listings, soonest expiry first. */
  search(platform: Platform, criteria: SearchCriteria, now: number, start: number, count: number): Trade[] {
    const candidates = this.narrowest(this.platforms[platform], criteria);
    const page: Trade[] = [];
    let skipped = 0;
    candidates.forEachActive(now, (trade) => {
      if (!matches(trade, this.card(trade), criteria, now)) return true;
      if (skipped < start) {
        skipped += 1;
        return true;
      }
      page.push(trade);
      return page.length < count;
    });
    return page;
  }

  /** Active listings of a platform (including ones not yet visible). */
  activeCount(platform: Platform): number {
    return this.platforms[platform].all.size;
  }

  private narrowest(index: PlatformIndex, criteria: SearchCriteria): TradeList {
    const options: (TradeList | undefined)[] = [];
    const add = (key: KeyName, value: number | string | undefined): void => {
      if (value !== undefined) options.push(index.listFor(key, value) ?? new TradeList());
    };
    add('def', criteria.definitionId);
    add('base', criteria.maskedDefId);
    add('club', criteria.team);
    add('league', criteria.leag);
    add('nation', criteria.nat);
    add('quality', criteria.lev);
    if (criteria.rarityIds && criteria.rarityIds.length === 1) add('rarity', criteria.rarityIds[0]);
    if (criteria.positions && criteria.positions.size === 1) add('position', [...criteria.positions][0]);
    const band = bandOfRange(criteria.minb, criteria.maxb);
    if (band !== undefined) {
      add('band', band);
      if (criteria.rarityIds?.length === 1) add('rarityBand', (criteria.rarityIds[0] ?? 0) * 100 + band);
      if (criteria.special) add('specialBand', band);
      if (criteria.lev) add('qualityBand', QUALITY_CODES.indexOf(criteria.lev) * 100 + band);
    }
    let best: TradeList = index.all;
    for (const option of options) if (option && option.size < best.size) best = option;
    return best;
  }

  private card(trade: Trade): CardDef {
    const card = this.cards[trade.cardIndex];
    if (!card) throw new RangeError(`unknown card index ${trade.cardIndex}`);
    return card;
  }
}
