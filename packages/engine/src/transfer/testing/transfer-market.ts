/** A small shared transfer market for the transfer flow's unit tests: accounts, listings, Buy Now and scripted failures. */
import { amountAfterTax } from '@tradedesk/domain';
import {
  errorFromCode,
  type AuctionInfo,
  type BidResult,
  type ItemData,
  type ItemMove,
  type Listing,
  type MarketPage,
  type MarketSearch,
  type RequestStats,
} from '@tradedesk/game-client';
import type { VirtualClock } from '../../time/clock.js';
import type { GamePort } from '../../ports.js';
import { matchesSearch, presentListing, type MarketListing } from './market-listing.js';

interface MarketAccount {
  coins: number;
  readonly unassigned: ItemData[];
  readonly club: ItemData[];
  /** Item ids on the transfer list (listed or not) and sold trade ids still shown. */
  readonly tradepile: number[];
  readonly sold: number[];
  readonly stats: RequestStats;
  readonly failures: Map<string, number[]>;
  /** Calls whose answer is lost after the game carried them out (code to throw instead). */
  readonly lostAnswers: Map<string, number[]>;
  latencyMs: number;
}

type Method = Exclude<keyof GamePort, 'requestCounters' | 'reauthenticate'>;

export interface TransferMarketOptions {
  /** Seconds a new listing stays out of search results (the game's search delay). */
  readonly visibilityMs?: number;
  /** Identical searches of one account within this window get the cached answer (0 = off). */
  readonly searchCacheMs?: number;
}

/**
 * A small shared transfer market for the transfer flow's unit tests: several accounts, listings
 * that show in searches only after the visibility delay, Buy Now with the 5% tax, strangers'
 * listings (traps), per-account latency (each call advances the virtual clock) and scripted
 * failures with real game codes. Coins that reach strangers are counted.
 */
export class TransferMarket {
  readonly listings = new Map<number, MarketListing>();
  /** Coins paid to strangers' listings. */
  coinsToStrangers = 0;
  /** Every search, in order, with the account that sent it. */
  readonly searchLog: { readonly accountId: string; readonly search: MarketSearch }[] = [];
  /** Called after an account listed an item (e.g. to have a stranger bid on it). */
  afterList: ((tradeId: number, accountId: string) => void) | undefined;
  private readonly accounts = new Map<string, MarketAccount>();
  private readonly cache = new Map<string, { at: number; page: AuctionInfo[] }>();
  private nextTradeId = 700_000;
  private nextItemId = 5_000_000;

  constructor(
    readonly clock: VirtualClock,
    private readonly options: TransferMarketOptions = {},
  ) {}

  addAccount(accountId: string, coins: number): this {
    this.accounts.set(accountId, {
      coins,
      unassigned: [],
      club: [],
      tradepile: [],
      sold: [],
      stats: { requests: 0, searches: 0 },
      failures: new Map(),
      lostAnswers: new Map(),
      latencyMs: 0,
    });
    return this;
  }

  /** Gives an account a tradeable copy of a card in one pile; returns its item id. */
  grant(accountId: string, definitionId: number, pile: 'unassigned' | 'club' | 'tradepile' = 'club'): number {
    const account = this.account(accountId);
    const item = this.newItem(definitionId);
    if (pile === 'club') account.club.push(item);
    else if (pile === 'unassigned') account.unassigned.push(item);
    else {
      account.tradepile.push(item.id);
      this.parked.set(item.id, item);
    }
    return item.id;
  }

  /** A stranger's listing of the card at these terms, visible at once unless said otherwise. */
  plantTrap(
    definitionId: number,
    startingBid: number,
    buyNowPrice: number,
    visibleNow = true,
    durationSeconds = 3600,
  ): number {
    return this.open(
      'stranger',
      this.newItem(definitionId),
      startingBid,
      buyNowPrice,
      durationSeconds,
      visibleNow,
    );
  }

  /** A stranger bids on a listing (its bid price rises to `amount`). */
  strangerBid(tradeId: number, amount: number): void {
    const listing = this.listings.get(tradeId);
    if (listing) listing.currentBid = amount;
  }

  coins(accountId: string): number {
    return this.account(accountId).coins;
  }

  setLatency(accountId: string, latencyMs: number): void {
    this.account(accountId).latencyMs = latencyMs;
  }

  /** The next `times` calls of `method` by this account fail with game code `code`. */
  failNext(accountId: string, method: Method, code: number, times = 1): this {
    const queue = this.account(accountId).failures.get(method) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(code);
    this.account(accountId).failures.set(method, queue);
    return this;
  }

  /** The next call of `method` by this account is carried out, but its answer is lost (`code`). */
  loseNextAnswer(accountId: string, method: Method, code: number): this {
    const queue = this.account(accountId).lostAnswers.get(method) ?? [];
    queue.push(code);
    this.account(accountId).lostAnswers.set(method, queue);
    return this;
  }

  /** Where the account's copies of a card are. */
  piles(accountId: string) {
    const account = this.account(accountId);
    return {
      unassigned: account.unassigned.map((item) => item.id),
      club: account.club.map((item) => item.id),
      tradepile: [...account.tradepile],
      sold: [...account.sold],
    };
  }

  /** The account's view of the market: one side of a transfer. */
  gameFor(accountId: string): GamePort {
    const account = this.account(accountId);
    const call = (method: Method): void => {
      account.stats.requests += 1;
      this.clock.advance(account.latencyMs);
      const code = account.failures.get(method)?.shift();
      if (code !== undefined) throw errorFromCode(code, `scripted ${code}`, method);
    };
    return {
      search: async (search) => {
        account.stats.searches += 1;
        call('search');
        this.searchLog.push({ accountId, search });
        return this.search(accountId, search);
      },
      bid: async (tradeId, amount) => {
        call('bid');
        const result = this.buyNow(accountId, tradeId, amount);
        const lost = account.lostAnswers.get('bid')?.shift();
        if (lost !== undefined) throw errorFromCode(lost, `answer lost (${lost})`, 'bid');
        return result;
      },
      tradeStatus: async (tradeIds) => {
        call('tradeStatus');
        const auctions = tradeIds.flatMap((id) => {
          const listing = this.listings.get(id);
          return listing ? [this.present(listing, accountId)] : [];
        });
        return { auctions, credits: account.coins };
      },
      transferList: async () => {
        call('transferList');
        return { auctions: this.tradepileOf(accountId), credits: account.coins };
      },
      unassigned: async () => {
        call('unassigned');
        return { items: [...account.unassigned], duplicates: [] };
      },
      moveItem: async (move: ItemMove) => {
        call('moveItem');
        this.move(accountId, move);
      },
      list: async (listing: Listing) => {
        call('list');
        return this.list(accountId, listing);
      },
      relistAll: async () => {
        call('relistAll');
        return [];
      },
      clearSold: async () => {
        call('clearSold');
        account.sold.length = 0;
      },
      quickSell: async () => {
        call('quickSell');
        throw errorFromCode(461, 'not supported here');
      },
      credits: async () => {
        call('credits');
        return { coins: account.coins, currencies: [] };
      },
      clubItems: async (definitionId) => {
        call('clubItems');
        return account.club.filter((item) => item.resourceId === definitionId);
      },
      // A transfer makes no SBC call: refused as the game refuses a call it does not allow.
      startChallenge: async () => {
        call('startChallenge');
        throw errorFromCode(461, 'not supported here');
      },
      saveSquad: async () => {
        call('saveSquad');
        throw errorFromCode(461, 'not supported here');
      },
      submit: async () => {
        call('submit');
        throw errorFromCode(461, 'not supported here');
      },
      requestCounters: () => ({ ...account.stats }),
    };
  }

  private readonly parked = new Map<number, ItemData>();

  private account(accountId: string): MarketAccount {
    const account = this.accounts.get(accountId);
    if (!account) throw new RangeError(`no account ${accountId}`);
    return account;
  }

  private newItem(definitionId: number): ItemData {
    return {
      id: (this.nextItemId += 1),
      resourceId: definitionId,
      assetId: definitionId % 2 ** 24,
      rareflag: 1,
    };
  }

  private open(
    sellerId: string,
    item: ItemData,
    startingBid: number,
    buyNowPrice: number,
    duration: number,
    visibleNow = false,
  ): number {
    const now = this.clock.now();
    const tradeId = (this.nextTradeId += 1);
    this.listings.set(tradeId, {
      tradeId,
      sellerId,
      item,
      startingBid,
      buyNowPrice,
      currentBid: 0,
      visibleAt: visibleNow ? now : now + (this.options.visibilityMs ?? 2_000),
      expiresAt: now + duration * 1000,
      state: 'active',
    });
    return tradeId;
  }

  private present(listing: MarketListing, viewer: string): AuctionInfo {
    return presentListing(listing, viewer, this.clock.now());
  }

  private search(accountId: string, search: MarketSearch): MarketPage {
    const key = `${accountId}|${JSON.stringify(search)}`;
    const now = this.clock.now();
    const cached = this.cache.get(key);
    const cacheMs = this.options.searchCacheMs ?? 0;
    const pageSize = search.pageSize ?? 20;
    const pageIndex = search.page ?? 0;
    if (cached && now - cached.at < cacheMs)
      return { auctions: cached.page, hasNextPage: false, page: pageIndex, pageSize };
    const matching = [...this.listings.values()]
      .filter((listing) => matchesSearch(listing, search, now))
      .sort((a, b) => a.expiresAt - b.expiresAt || a.tradeId - b.tradeId);
    const page = matching
      .slice(pageIndex * pageSize, (pageIndex + 1) * pageSize)
      .map((listing) => this.present(listing, accountId));
    if (cacheMs > 0) this.cache.set(key, { at: now, page });
    return {
      auctions: page,
      hasNextPage: matching.length > (pageIndex + 1) * pageSize,
      page: pageIndex,
      pageSize,
    };
  }

  private buyNow(accountId: string, tradeId: number, amount: number): BidResult {
    const buyer = this.account(accountId);
    const listing = this.listings.get(tradeId);
    const now = this.clock.now();
    if (!listing || listing.visibleAt > now) throw errorFromCode(478, 'No such trade');
    if (listing.state !== 'active' || listing.expiresAt <= now) throw errorFromCode(461, 'Permission Denied');
    if (listing.sellerId === accountId) throw errorFromCode(461, 'cannot bid on your own trade');
    if (amount < listing.buyNowPrice) throw errorFromCode(461, 'bids are not modelled here');
    if (buyer.coins < listing.buyNowPrice) throw errorFromCode(470, 'Not enough credit');
    buyer.coins -= listing.buyNowPrice;
    listing.state = 'closed';
    listing.currentBid = listing.buyNowPrice;
    if (listing.sellerId === 'stranger') this.coinsToStrangers += listing.buyNowPrice;
    else {
      const seller = this.account(listing.sellerId);
      seller.coins += amountAfterTax(listing.buyNowPrice);
      seller.tradepile.splice(seller.tradepile.indexOf(listing.item.id), 1);
      seller.sold.push(tradeId);
    }
    buyer.unassigned.push(listing.item);
    return {
      auctions: [{ ...this.present(listing, accountId), tradeState: 'closed', bidState: 'buyNow' }],
      credits: buyer.coins,
      duplicateItemIds: [],
    };
  }

  private tradepileOf(accountId: string): AuctionInfo[] {
    const account = this.account(accountId);
    const byItem = new Map([...this.listings.values()].map((listing) => [listing.item.id, listing]));
    const entries = account.tradepile.map((itemId) => {
      const listing = [...this.listings.values()]
        .filter((candidate) => candidate.item.id === itemId && candidate.sellerId === accountId)
        .at(-1);
      if (listing) return this.present(listing, accountId);
      const item = this.parked.get(itemId) ?? byItem.get(itemId)?.item ?? { id: itemId };
      return {
        tradeId: 0,
        tradeState: null,
        buyNowPrice: 0,
        startingBid: 0,
        currentBid: 0,
        expires: 0,
        itemData: item,
      };
    });
    const sold = account.sold.flatMap((tradeId) => {
      const listing = this.listings.get(tradeId);
      return listing ? [this.present(listing, accountId)] : [];
    });
    return [...entries, ...sold];
  }

  private takeItem(account: MarketAccount, itemId: number): ItemData {
    for (const pile of [account.unassigned, account.club]) {
      const index = pile.findIndex((item) => item.id === itemId);
      if (index >= 0) return pile.splice(index, 1)[0]!;
    }
    const parked = this.parked.get(itemId);
    if (parked && account.tradepile.includes(itemId)) return parked;
    throw errorFromCode(461, `item ${itemId} is not yours`);
  }

  private move(accountId: string, move: ItemMove): void {
    const account = this.account(accountId);
    const item = this.takeItem(account, move.itemId);
    if (move.pile === 'club') account.club.push(item);
    else if (!account.tradepile.includes(item.id)) {
      account.tradepile.push(item.id);
      this.parked.set(item.id, item);
    }
  }

  private list(accountId: string, listing: Listing): number {
    const account = this.account(accountId);
    const index = account.unassigned.findIndex((item) => item.id === listing.itemId);
    const onPile = account.tradepile.includes(listing.itemId);
    if (index < 0 && !onPile) throw errorFromCode(461, `item ${listing.itemId} cannot be listed from here`);
    const live = [...this.listings.values()].some(
      (entry) => entry.item.id === listing.itemId && entry.state === 'active' && entry.sellerId === accountId,
    );
    if (live) throw errorFromCode(409, 'item is already listed');
    const item = index >= 0 ? account.unassigned.splice(index, 1)[0]! : this.parked.get(listing.itemId)!;
    if (!onPile) account.tradepile.push(item.id);
    this.parked.set(item.id, item);
    const tradeId = this.open(
      accountId,
      item,
      listing.startingBid,
      listing.buyNowPrice,
      listing.duration ?? 3600,
    );
    this.afterList?.(tradeId, accountId);
    return tradeId;
  }
}
