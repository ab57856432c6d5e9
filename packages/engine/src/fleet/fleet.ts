import type { GamePort } from '../ports.js';

/** Trade ids a fleet remembers (claims, own listings): far more than an hour of buys and listings. */
const REMEMBERED_TRADES = 10_000;
/**
 * An account's look waits until this share of the fleet's spacing (its own look interval over the
 * accounts sniping) has passed since another account's look: looks bunched together see the same
 * listings, looks spread out see the market K times as often.
 */
const SPACING_SHARE = 0.6;
/** Weight of the latest interval in an account's look interval (a moving average over ~5 looks). */
const INTERVAL_SMOOTHING = 0.2;

/** Adds `key` to an insertion-ordered set, forgetting the oldest entries past the bound. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_TRADES) {
    const oldest = map.keys().next();
    if (oldest.done !== true) map.delete(oldest.value);
  }
}

/** Bad fleet input: nothing was started. */
export class FleetSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FleetSetupError';
  }
}

/**
 * Several accounts of one user sniping one platform as a team (docs/decisions/snipe-engine.md,
 * "Fleet"). The coordinator is what the accounts' runs share, all of it in memory and synchronous
 * (the runs of one fleet live in one process): which account may bid for a listing (the first to
 * claim it, once, so two accounts never race for one), which listings are the fleet's own (never a
 * bargain for another account), the timing of each account's looks (spread over the fleet), and
 * memory the strategies share (the market's level, the backlog sweep's pages). Each account keeps
 * its own pacing, thresholds, breaks and the game's per-account limits; a member that stops (soft
 * ban, captcha, thresholds) leaves, and the others no longer wait for or share with it.
 */
export class SnipeFleet {
  private readonly claims = new Map<number, string>();
  private readonly ownListings = new Map<number, string>();
  private readonly lastLooks = new Map<string, number>();
  private readonly active = new Set<string>();
  private readonly members = new Map<string, FleetMember>();
  private readonly memory = new Map<string, unknown>();

  constructor(accountIds: readonly string[]) {
    const ids = accountIds.map((id) => (typeof id === 'string' ? id.trim() : ''));
    // One account runs alone: a fleet of one would only change how it sweeps and learns.
    if (ids.length < 2) throw new FleetSetupError('A fleet needs at least two accounts');
    if (ids.some((id) => id === '')) throw new FleetSetupError('An account id is required');
    if (new Set(ids).size !== ids.length) throw new FleetSetupError('An account can be in a fleet only once');
    for (const id of ids) {
      this.active.add(id);
      this.members.set(id, new FleetMember(this, id));
    }
  }

  /** The member of this account (its runs' view of the fleet). */
  member(accountId: string): FleetMember {
    const member = this.members.get(accountId);
    if (member === undefined) throw new FleetSetupError(`Account ${accountId} is not in this fleet`);
    return member;
  }

  get accountIds(): string[] {
    return [...this.members.keys()];
  }

  /** Accounts still sniping. */
  get activeCount(): number {
    return this.active.size;
  }

  /** The account that claimed a listing, if one did. */
  claimant(tradeId: number): string | undefined {
    return this.claims.get(tradeId);
  }

  /** The account that listed a trade, if it is the fleet's own. */
  lister(tradeId: number): string | undefined {
    return this.ownListings.get(tradeId);
  }

  /** @internal the member API below is the way in. */
  claim(accountId: string, tradeId: number): boolean {
    if (!this.mayBid(tradeId)) return false;
    remember(this.claims, tradeId, accountId);
    return true;
  }

  /**
   * @internal A listing gets one Buy Now from the whole fleet: once bought it is gone, once lost
   * it is someone else's, either way a second one would be a request spent for nothing.
   */
  mayBid(tradeId: number): boolean {
    return !this.ownListings.has(tradeId) && !this.claims.has(tradeId);
  }

  /** @internal */
  noteListed(accountId: string, tradeId: number): void {
    if (Number.isSafeInteger(tradeId) && tradeId > 0) remember(this.ownListings, tradeId, accountId);
  }

  /** @internal */
  noteLook(accountId: string, at: number): void {
    this.lastLooks.set(accountId, at);
  }

  /** @internal the latest look of another account still sniping. */
  latestOtherLook(accountId: string): number | undefined {
    let latest: number | undefined;
    for (const [id, at] of this.lastLooks)
      if (id !== accountId && this.active.has(id) && (latest === undefined || at > latest)) latest = at;
    return latest;
  }

  /** @internal */
  leave(accountId: string): void {
    this.active.delete(accountId);
  }

  /** @internal */
  shared<T>(key: string, make: () => T): T {
    if (!this.memory.has(key)) this.memory.set(key, make());
    return this.memory.get(key) as T;
  }
}

/** One account's view of its fleet. */
export class FleetMember {
  /** This account's own interval between looks (moving average; undefined until two looks). */
  private lookIntervalMs: number | undefined;
  private lastLookAt: number | undefined;
  private readonly onLeave: (() => void)[] = [];

  constructor(
    private readonly fleet: SnipeFleet,
    readonly accountId: string,
  ) {}

  /** Accounts in the fleet (the one this member is in included). */
  get size(): number {
    return this.fleet.accountIds.length;
  }

  /** Whether this account may bid for the listing: not the fleet's own, not claimed before. */
  mayBid(tradeId: number): boolean {
    return this.fleet.mayBid(tradeId);
  }

  /** Takes the listing for this account's one Buy Now; false when it is the fleet's own or claimed. */
  claim(tradeId: number): boolean {
    return this.fleet.claim(this.accountId, tradeId);
  }

  /** Whether another account of the fleet listed this trade (a card of ours, not a bargain). */
  isFleetListing(tradeId: number): boolean {
    return this.fleet.lister(tradeId) !== undefined;
  }

  /**
   * How long to wait before this account's next look so that it falls between the fleet's looks
   * rather than on top of another account's: at most the fleet's spacing, 0 for a lone account.
   */
  lookWaitMs(now: number): number {
    if (this.lookIntervalMs === undefined || this.fleet.activeCount < 2) return 0;
    const spacing = this.lookIntervalMs / this.fleet.activeCount;
    const latest = this.fleet.latestOtherLook(this.accountId);
    if (latest === undefined) return 0;
    return Math.min(spacing, Math.max(0, latest + spacing * SPACING_SHARE - now));
  }

  /** This account looks at the market now. */
  noteLook(at: number): void {
    if (this.lastLookAt !== undefined && at > this.lastLookAt) {
      const interval = at - this.lastLookAt;
      this.lookIntervalMs =
        this.lookIntervalMs === undefined
          ? interval
          : this.lookIntervalMs + INTERVAL_SMOOTHING * (interval - this.lookIntervalMs);
    }
    this.lastLookAt = at;
    this.fleet.noteLook(this.accountId, at);
  }

  /** Memory the fleet's strategies share (one per key, made by the first to ask). */
  shared<T>(key: string, make: () => T): T {
    return this.fleet.shared(key, make);
  }

  /** Runs when this account leaves (e.g. gives back the sweep page it held). */
  whenLeaving(action: () => void): void {
    this.onLeave.push(action);
  }

  /** This account's run ended: the fleet stops waiting for it and takes back what it held. */
  leave(): void {
    this.fleet.leave(this.accountId);
    for (const action of this.onLeave.splice(0)) action();
  }

  /**
   * The game port with the fleet's bookkeeping: every trade this account lists, relists or holds
   * on its transfer list becomes the fleet's own.
   */
  watchGame(game: GamePort): GamePort {
    const note = (tradeId: number) => this.fleet.noteListed(this.accountId, tradeId);
    // Every method forwarded by name: a port may be a class instance, whose methods a spread drops.
    const watched: GamePort = {
      search: (search) => game.search(search),
      bid: (tradeId, amount) => game.bid(tradeId, amount),
      tradeStatus: (tradeIds) => game.tradeStatus(tradeIds),
      unassigned: () => game.unassigned(),
      moveItem: (move) => game.moveItem(move),
      clearSold: () => game.clearSold(),
      quickSell: (itemId) => game.quickSell(itemId),
      credits: () => game.credits(),
      clubItems: (definitionId) => game.clubItems(definitionId),
      startChallenge: (challengeId) => game.startChallenge(challengeId),
      saveSquad: (challengeId, itemIds) => game.saveSquad(challengeId, itemIds),
      submit: (challengeId) => game.submit(challengeId),
      requestCounters: () => game.requestCounters(),
      async list(listing) {
        const tradeId = await game.list(listing);
        note(tradeId);
        return tradeId;
      },
      async relistAll() {
        const tradeIds = await game.relistAll();
        tradeIds.forEach(note);
        return tradeIds;
      },
      async transferList() {
        const pile = await game.transferList();
        for (const auction of pile.auctions) note(auction.tradeId);
        return pile;
      },
    };
    if (game.reauthenticate !== undefined) {
      const reauthenticate = game.reauthenticate.bind(game);
      return { ...watched, reauthenticate: () => reauthenticate() };
    }
    return watched;
  }
}
