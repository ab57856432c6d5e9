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
import type { GamePort } from '../ports.js';

/** What one scripted search answers: listings (a page), a game error code, or any error to throw. */
export type SearchAnswer =
  | { readonly error: unknown }
  | { readonly auctions: readonly AuctionInfo[]; readonly hasNextPage?: boolean }
  | { readonly errorCode: number };

export interface ScriptedMarketOptions {
  readonly coins?: number;
  /** Answers the n-th search (0-based); defaults to an empty page. */
  readonly onSearch?: (search: MarketSearch, index: number) => SearchAnswer;
  /** Base ids already in the club: buying one of them makes a duplicate. */
  readonly clubAssetIds?: readonly number[];
  readonly transferListCapacity?: number;
  /** Trades another buyer wins first (the bid answers 461). */
  readonly lostTradeIds?: readonly number[];
  /** How a re-authentication after a 401 goes (default: it works). */
  readonly reauthentication?: 'works' | 'fails' | 'unsupported';
}

type Method = Exclude<keyof GamePort, 'requestCounters'>;

/**
 * A small in-memory market for unit tests: searches answer from a script, buys move coins and
 * items like the game does, and any call can be made to fail with a real game code. Every call
 * is logged, so tests assert what a user would see (coins, piles, calls), never internals.
 */
export class ScriptedMarket implements GamePort {
  coins: number;
  readonly calls: string[] = [];
  readonly searches: MarketSearch[] = [];
  readonly club: ItemData[] = [];
  readonly unassignedItems: ItemData[] = [];
  readonly tradePile: AuctionInfo[] = [];
  readonly quickSold: number[] = [];
  reauthentications = 0;
  /** Present unless the options say re-authentication is unsupported. */
  readonly reauthenticate?: () => Promise<void>;
  private readonly stats: RequestStats = { requests: 0, searches: 0 };
  private readonly failures = new Map<Method, number[]>();
  private readonly offered = new Map<number, AuctionInfo>();
  private nextTradeId = 900_000;

  constructor(private readonly options: ScriptedMarketOptions = {}) {
    this.coins = options.coins ?? 100_000;
    const reauthentication = options.reauthentication ?? 'works';
    if (reauthentication !== 'unsupported') {
      this.reauthenticate = async () => {
        this.call('reauthenticate');
        this.reauthentications += 1;
        if (reauthentication === 'fails') throw errorFromCode(401, 'expired session', 'reauthenticate');
      };
    }
  }

  /** The next `times` calls of `method` fail with game code `code`. */
  failNext(method: Method, code: number, times = 1): this {
    const queue = this.failures.get(method) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(code);
    this.failures.set(method, queue);
    return this;
  }

  requestCounters(): RequestStats {
    return { ...this.stats };
  }

  private call(method: Method, detail = ''): void {
    this.stats.requests += 1;
    this.calls.push(detail === '' ? method : `${method} ${detail}`);
    const code = this.failures.get(method)?.shift();
    if (code !== undefined) throw errorFromCode(code, `scripted ${code}`, method);
  }

  async search(search: MarketSearch): Promise<MarketPage> {
    this.stats.searches += 1;
    const index = this.searches.length;
    this.searches.push(search);
    this.call('search', `page ${search.page ?? 0}`);
    const answer = this.options.onSearch?.(search, index) ?? { auctions: [] };
    if ('error' in answer) throw answer.error;
    if ('errorCode' in answer)
      throw errorFromCode(answer.errorCode, `scripted ${answer.errorCode}`, 'search');
    for (const auction of answer.auctions) this.offered.set(auction.tradeId, auction);
    return {
      auctions: [...answer.auctions],
      hasNextPage: answer.hasNextPage ?? false,
      page: search.page ?? 0,
      pageSize: search.pageSize ?? 20,
    };
  }

  async bid(tradeId: number, amount: number): Promise<BidResult> {
    this.call('bid', `${tradeId} ${amount}`);
    const auction = this.offered.get(tradeId);
    if (auction === undefined || this.options.lostTradeIds?.includes(tradeId))
      throw errorFromCode(461, 'Permission Denied');
    if (this.coins < amount) throw errorFromCode(470, 'Not enough credit');
    this.coins -= amount;
    this.offered.delete(tradeId);
    this.unassignedItems.push(auction.itemData);
    const isDuplicate = this.options.clubAssetIds?.includes(auction.itemData.assetId ?? -1) ?? false;
    return {
      auctions: [{ ...auction, tradeState: 'closed', bidState: 'buyNow', currentBid: amount }],
      credits: this.coins,
      duplicateItemIds: isDuplicate ? [{ itemId: auction.itemData.id, duplicateItemId: 1 }] : [],
    };
  }

  async tradeStatus(tradeIds: number[]) {
    this.call('tradeStatus');
    return { auctions: tradeIds.flatMap((id) => this.offered.get(id) ?? []), credits: this.coins };
  }

  async transferList() {
    this.call('transferList');
    return { auctions: [...this.tradePile], credits: this.coins };
  }

  async unassigned() {
    this.call('unassigned');
    return { items: [...this.unassignedItems], duplicates: [] };
  }

  private takeUnassigned(itemId: number): ItemData {
    const index = this.unassignedItems.findIndex((item) => item.id === itemId);
    const [item] = index < 0 ? [] : this.unassignedItems.splice(index, 1);
    if (item === undefined) throw errorFromCode(475, 'Invalid transaction');
    return item;
  }

  private get tradePileFull(): boolean {
    return this.tradePile.length >= (this.options.transferListCapacity ?? 100);
  }

  async moveItem(move: ItemMove): Promise<void> {
    this.call('moveItem', `${move.itemId} ${move.pile}`);
    const item = this.unassignedItems.find((candidate) => candidate.id === move.itemId);
    if (move.pile === 'club' && this.options.clubAssetIds?.includes(item?.assetId ?? -1)) {
      throw errorFromCode(472, 'Duplicate Item Type');
    }
    if (move.pile === 'trade' && this.tradePileFull) throw errorFromCode(473, 'Destination Full');
    const taken = this.takeUnassigned(move.itemId);
    if (move.pile === 'club') this.club.push(taken);
    else
      this.tradePile.push({
        tradeId: 0,
        buyNowPrice: 0,
        startingBid: 0,
        currentBid: 0,
        expires: 0,
        itemData: taken,
      });
  }

  async list(listing: Listing): Promise<number> {
    this.call(
      'list',
      `${listing.itemId} ${listing.startingBid}/${listing.buyNowPrice} ${listing.duration ?? 3600}`,
    );
    const pileIndex = this.tradePile.findIndex((entry) => entry.itemData.id === listing.itemId);
    if (pileIndex < 0 && this.tradePileFull) throw errorFromCode(473, 'Destination Full');
    const item =
      pileIndex < 0 ? this.takeUnassigned(listing.itemId) : this.tradePile.splice(pileIndex, 1)[0]!.itemData;
    const tradeId = (this.nextTradeId += 1);
    this.tradePile.push({
      tradeId,
      tradeState: 'active',
      buyNowPrice: listing.buyNowPrice,
      startingBid: listing.startingBid,
      currentBid: 0,
      expires: listing.duration ?? 3600,
      itemData: item,
    });
    return tradeId;
  }

  async relistAll(): Promise<number[]> {
    this.call('relistAll');
    return [];
  }

  async clearSold(): Promise<void> {
    this.call('clearSold');
  }

  async quickSell(itemId: number) {
    this.call('quickSell', String(itemId));
    const item = this.takeUnassigned(itemId);
    const value = item.discardValue ?? 0;
    this.coins += value;
    this.quickSold.push(itemId);
    // As the game answers: the balance after the sale.
    return { totalCredits: this.coins };
  }

  async credits() {
    this.call('credits');
    return { coins: this.coins, currencies: [] };
  }

  async clubItems(definitionId: number): Promise<ItemData[]> {
    this.call('clubItems', String(definitionId));
    return this.club.filter((item) => item.resourceId === definitionId);
  }

  // A snipe session makes no SBC call: the market answers them as the game does a call it refuses.
  async startChallenge(challengeId: number): Promise<void> {
    this.call('startChallenge', String(challengeId));
    throw errorFromCode(461, 'not supported here', 'startChallenge');
  }

  async saveSquad(challengeId: number): Promise<void> {
    this.call('saveSquad', String(challengeId));
    throw errorFromCode(461, 'not supported here', 'saveSquad');
  }

  async submit(challengeId: number): Promise<void> {
    this.call('submit', String(challengeId));
    throw errorFromCode(461, 'not supported here', 'submit');
  }
}
