import { createHash } from 'node:crypto';
import type { Clock } from '../core/clock.js';
import { worldOptionsSchema, type WorldOptions, type WorldOptionsInput } from '../core/config.js';
import { createRng, type Rng } from '../core/rng.js';
import { AbuseGuard } from './abuse.js';
import { buildCards, withStartValues, type CardDef, type CardStartValue, type Platform } from './cards.js';
import { loadCatalogue } from '@tradedesk/domain/catalogue';
import { EventQueue } from './event-queue.js';
import { Ledger } from './ledger.js';
import { MarketIndex } from './market-index.js';
import { generateArrivals, seedInitialListings } from './population.js';
import { handleEvent } from './settlement.js';
import { BASIC_PLAY_STYLE, type Account, type Item, type ItemPlace, type Trade } from './types.js';
import { MarketValues } from './values.js';
import type { IdCounters, ListingTerms, WorldState } from './world-state.js';
import { applySnapshot, snapshotFits, type WorldSnapshot } from './persistence.js';

export interface NewAccount {
  email: string;
  password: string;
  backupCode: string;
  platform?: Platform;
  coins?: number;
  marketLocked?: boolean;
}

/** Hashes a password so the world never keeps it in clear (the sim is not a vault; this avoids leaks in dumps). */
export function passwordDigest(password: string): string {
  return createHash('sha256').update(`game-sim:${password}`).digest('hex');
}

/** Normalises an e-mail address for lookups. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The whole sandbox game state: cards and values, accounts and their items, the market, the
 * ledger and the scheduled background work. Background work is lazy: `catchUp()` (called on
 * every request) replays arrivals and events up to the clock's now.
 */
export class World implements WorldState {
  readonly options: WorldOptions;
  readonly rng: Rng;
  readonly cards: readonly CardDef[];
  readonly cardIndexByDefinition = new Map<number, number>();
  readonly values: MarketValues;
  readonly index: MarketIndex;
  readonly ledger = new Ledger();
  readonly events = new EventQueue();
  readonly abuse: AbuseGuard;
  readonly accounts = new Map<number, Account>();
  readonly accountsByEmail = new Map<string, Account>();
  readonly items = new Map<number, Item>();
  readonly trades = new Map<number, Trade>();
  readonly epoch: number;
  private lastCatchUp: number;
  private starterPool: number[] | undefined;
  private nextItemId = 100_000_000_001;
  private nextTradeId = 500_000_000_001;
  private nextAccountId = 1_000_000_001;

  constructor(
    readonly clock: Clock,
    input: WorldOptionsInput = {},
    /** Cards whose market starts at these values (a rehearsal seeded from the price database). */
    startValues: readonly CardStartValue[] = [],
    /** A saved world whose accounts, items and trades come back (when it fits this seed and catalogue). */
    saved?: WorldSnapshot,
  ) {
    this.options = worldOptionsSchema.parse(input);
    this.rng = createRng(this.options.seed);
    const cards = buildCards(
      loadCatalogue().cards,
      this.options.market.syntheticPerRarity,
      this.options.seed,
    );
    this.cards = startValues.length > 0 ? withStartValues(cards, startValues) : cards;
    this.cards.forEach((card, position) => this.cardIndexByDefinition.set(card.definitionId, position));
    this.epoch = clock.now();
    this.lastCatchUp = this.epoch;
    this.values = new MarketValues(
      this.cards,
      this.options.seed,
      this.epoch,
      this.options.market.dailyVolatility,
    );
    this.index = new MarketIndex(this.cards);
    this.abuse = new AbuseGuard(this.options.abuse, this.epoch);
    if (saved && snapshotFits(saved, { seed: this.options.seed, cardCount: this.cards.length })) {
      applySnapshot(this, saved);
      this.restored = true;
    }
    seedInitialListings(this, this.epoch);
  }

  /** Whether this world came back from a saved one. */
  readonly restored: boolean = false;

  /** The next ids to hand out (a saved world keeps them, so no id is used twice). */
  idCounters(): IdCounters {
    return { item: this.nextItemId, trade: this.nextTradeId, account: this.nextAccountId };
  }

  /** Moves the id counters to at least `counters` (a restored world's). */
  restoreIdCounters(counters: IdCounters): void {
    this.nextItemId = Math.max(this.nextItemId, counters.item);
    this.nextTradeId = Math.max(this.nextTradeId, counters.trade);
    this.nextAccountId = Math.max(this.nextAccountId, counters.account);
  }

  now(): number {
    return this.clock.now();
  }

  /** Replays the world's background work (arrivals, rival buys, expiries) up to now. */
  catchUp(): number {
    const now = this.clock.now();
    if (now <= this.lastCatchUp) return this.lastCatchUp;
    generateArrivals(this, this.lastCatchUp, now);
    for (let event = this.events.popDue(now); event; event = this.events.popDue(now))
      handleEvent(this, event);
    this.lastCatchUp = now;
    return now;
  }

  card(cardIndex: number): CardDef {
    const card = this.cards[cardIndex];
    if (!card) throw new RangeError(`unknown card index ${cardIndex}`);
    return card;
  }

  newItem(cardIndex: number, ownerId: number, place: ItemPlace, untradeable = false): Item {
    const item: Item = {
      id: this.nextItemId++,
      cardIndex,
      ownerId,
      place,
      untradeable,
      lastSalePrice: 0,
      tradeId: 0,
      playStyle: BASIC_PLAY_STYLE,
    };
    this.items.set(item.id, item);
    return item;
  }

  newTradeId(): number {
    return this.nextTradeId++;
  }

  /** Lists an item: builds the trade (hidden for the visibility delay) and opens it on the market. */
  openListing(terms: ListingTerms): Trade {
    const { item, listedAt, duration } = terms;
    const trade: Trade = {
      tradeId: this.newTradeId(),
      itemId: item.id,
      cardIndex: item.cardIndex,
      platform: terms.platform,
      sellerId: terms.sellerId,
      startingBid: terms.startingBid,
      buyNowPrice: terms.buyNowPrice,
      currentBid: 0,
      highestBidderId: 0,
      offers: 0,
      listedAt,
      visibleAt: listedAt + this.options.abuse.listingVisibilityDelaySeconds * 1000,
      expiresAt: listedAt + duration * 1000,
      duration,
      state: 'active',
      ...(item.playStyle === BASIC_PLAY_STYLE ? {} : { playStyle: item.playStyle }),
    };
    item.tradeId = trade.tradeId;
    this.openTrade(trade);
    return trade;
  }

  /** Adds a listing to the market and schedules its expiry. */
  openTrade(trade: Trade): void {
    this.trades.set(trade.tradeId, trade);
    this.index.add(trade);
    this.events.push(trade.expiresAt, 'expire', trade.tradeId);
  }

  /** Creates an account with starting coins (minted through the ledger) and a starter club. */
  createAccount(input: NewAccount): Account {
    const key = emailKey(input.email);
    if (this.accountsByEmail.has(key)) throw new Error(`An account with e-mail ${key} already exists`);
    const id = this.nextAccountId++;
    const persona = `Sandbox${String(id).slice(-5)}`;
    const account: Account = {
      id,
      personaId: id + 700_000_000,
      email: key,
      passwordDigest: passwordDigest(input.password),
      backupCode: input.backupCode,
      platform: input.platform,
      personaName: persona,
      clubName: `${persona} FC`,
      clubAbbr: persona.slice(0, 3).toUpperCase(),
      createdAt: this.now(),
      coins: 0,
      marketLocked: input.marketLocked ?? false,
      captchaPending: false,
      softBan: undefined,
      tradepile: new Set(),
      soldTrades: new Set(),
      watchlist: new Set(),
      unassigned: [],
      club: new Set(),
    };
    this.accounts.set(id, account);
    this.accountsByEmail.set(key, account);
    this.ledger.transfer(
      'issuer',
      account,
      input.coins ?? this.options.startingCoins,
      'starting-coins',
      this.now(),
    );
    this.giveStarterClub(account);
    return account;
  }

  accountByEmail(email: string): Account | undefined {
    return this.accountsByEmail.get(emailKey(email));
  }

  /** Sets an account's coins to `coins`, booking the difference against the issuer. */
  setCoins(account: Account, coins: number): void {
    const delta = coins - account.coins;
    if (delta > 0) this.ledger.transfer('issuer', account, delta, 'admin-set', this.now());
    if (delta < 0) this.ledger.transfer(account, 'issuer', -delta, 'admin-set', this.now());
  }

  private giveStarterClub(account: Account): void {
    // Deterministic per account: 18 untradeable commons across qualities, like a new club.
    const rng = createRng(this.options.seed ^ account.id);
    const pool = this.cards
      .map((card, position) => ({ card, position }))
      .filter(({ card }) => !card.special && card.rarityId === 0);
    const owned = new Set<number>();
    // A repeated draw is drawn again, a bounded number of times (the pool holds hundreds).
    for (let draw = 0; owned.size < STARTER_COMMONS && draw < STARTER_COMMONS * 20; draw += 1) {
      const { position } = rng.pick(pool);
      if (owned.has(position)) continue;
      owned.add(position);
      account.club.add(this.newItem(position, account.id, 'club', true).id);
    }
    this.giveStarterTradeables(account, owned);
  }

  /**
   * A few tradeable rare golds, as a real new club has from its starter packs: something a new
   * account can sell, list for a coin transfer or a marketplace delivery. Their own generator,
   * so the commons above stay what they were for every seed.
   */
  private giveStarterTradeables(account: Account, owned: Set<number>): void {
    const rng = createRng((this.options.seed ^ account.id ^ 0x7ade) >>> 0);
    const cheapestRareGolds = this.cards
      .map((card, position) => ({ card, position }))
      .filter(
        ({ card, position }) =>
          !card.special && card.rarityId === 1 && card.quality === 'gold' && !owned.has(position),
      )
      .sort((first, second) => first.card.baseValue - second.card.baseValue)
      .slice(0, STARTER_TRADEABLE_POOL);
    // A partial shuffle: each pass takes one card of the pool, so it ends after STARTER_TRADEABLES.
    for (let taken = 0; taken < Math.min(STARTER_TRADEABLES, cheapestRareGolds.length); taken += 1) {
      const at = rng.int(taken, cheapestRareGolds.length - 1);
      const chosen = cheapestRareGolds[at]!;
      cheapestRareGolds[at] = cheapestRareGolds[taken]!;
      cheapestRareGolds[taken] = chosen;
      account.club.add(this.newItem(chosen.position, account.id, 'club', false).id);
    }
  }
}

/** Untradeable commons of a new club. */
const STARTER_COMMONS = 18;
/** Tradeable rare golds of a new club, drawn from the cheapest STARTER_TRADEABLE_POOL of them. */
export const STARTER_TRADEABLES = 5;
const STARTER_TRADEABLE_POOL = 40;
