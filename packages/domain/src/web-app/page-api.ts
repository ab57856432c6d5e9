/**
 * The contract of the sandbox's game web app (game-sim `/web-app/`): its views, its named controls
 * and the page-level API its scripts expose on `window`. Headful sessions, Launch Webapp and the
 * companion add-on code against this file; `docs/sandbox-web-app.md` explains it. Types only (plus
 * the id tables below): the domain has no DOM, so consumers cast `window` to `WebAppWindow`.
 */

/** Hash routes of the single-page app: `/web-app/#/<route>`. */
export const WEB_APP_ROUTES = {
  home: '#/home',
  marketSearch: '#/market',
  marketResults: '#/market/results',
  transferList: '#/transfers',
  targets: '#/targets',
  unassigned: '#/unassigned',
  captcha: '#/captcha',
  softBan: '#/soft-ban',
} as const;

/** What `window.webApp.view.name` says (and `data-view` on `<main>`). */
export type WebAppViewName =
  | 'signed-out'
  | 'loading'
  | 'home'
  | 'market-search'
  | 'market-results'
  | 'transfer-list'
  | 'targets'
  | 'unassigned'
  | 'captcha'
  | 'soft-ban'
  | 'market-locked';

/** The views that stand in for the signed-in shell when the game blocks the account: no coin balance on them. */
export const webAppBlockingViews = [
  'captcha',
  'soft-ban',
  'market-locked',
] as const satisfies readonly WebAppViewName[];
export type WebAppBlockingView = (typeof webAppBlockingViews)[number];

/** The `data-testid` of every control a script or a test may drive. Stable across releases. */
export const WEB_APP_TEST_IDS = {
  // Shell (every signed-in view)
  navHome: 'nav-home',
  navMarket: 'nav-market',
  navTransferList: 'nav-transfer-list',
  navTargets: 'nav-targets',
  navUnassigned: 'nav-unassigned',
  coins: 'coins',
  clubName: 'club-name',
  logout: 'logout',
  toast: 'toast',
  // Signed out
  signIn: 'sign-in',
  // Home
  homeTransferListCount: 'home-transfer-list-count',
  homeUnassignedCount: 'home-unassigned-count',
  homeTargetsCount: 'home-targets-count',
  // Market search form
  searchName: 'search-name',
  searchNameSuggestions: 'search-name-suggestions',
  searchNameSuggestion: 'search-name-suggestion',
  searchNameClear: 'search-name-clear',
  searchQuality: 'search-quality',
  searchRarity: 'search-rarity',
  searchPosition: 'search-position',
  searchChemistryStyle: 'search-chemistry-style',
  searchNation: 'search-nation',
  searchLeague: 'search-league',
  searchClub: 'search-club',
  searchMinBid: 'search-min-bid',
  searchMaxBid: 'search-max-bid',
  searchMinBuyNow: 'search-min-buy-now',
  searchMaxBuyNow: 'search-max-buy-now',
  searchReset: 'search-reset',
  searchSubmit: 'search-submit',
  // Results and pile lists
  resultsList: 'results-list',
  resultRow: 'result-row',
  resultsEmpty: 'results-empty',
  resultsPrevious: 'results-previous',
  resultsNext: 'results-next',
  resultsBack: 'results-back',
  pileList: 'pile-list',
  pileRow: 'pile-row',
  pileEmpty: 'pile-empty',
  clearSold: 'clear-sold',
  relistAll: 'relist-all',
  // Item detail panel (selected result or pile entry)
  itemDetail: 'item-detail',
  buyNow: 'buy-now',
  bidAmount: 'bid-amount',
  bidSubmit: 'bid-submit',
  watch: 'watch',
  unwatch: 'unwatch',
  listStartPrice: 'list-start-price',
  listBuyNowPrice: 'list-buy-now-price',
  listDuration: 'list-duration',
  listSubmit: 'list-submit',
  quickSell: 'quick-sell',
  sendToClub: 'send-to-club',
  sendToTransferList: 'send-to-transfer-list',
  removeEntry: 'remove-entry',
  // Confirmation dialog (Buy Now, quick sell)
  dialog: 'dialog',
  dialogConfirm: 'dialog-confirm',
  dialogCancel: 'dialog-cancel',
  // Blocking screens
  captchaView: 'captcha-view',
  solveCaptcha: 'solve-captcha',
  softBanView: 'soft-ban-view',
  softBanCode: 'soft-ban-code',
  marketLockedView: 'market-locked-view',
} as const;

export type WebAppTestId = (typeof WEB_APP_TEST_IDS)[keyof typeof WEB_APP_TEST_IDS];

/** The events the page dispatches on `document` (`CustomEvent`, `detail` typed below). */
export const WEB_APP_EVENTS = {
  /** A view finished rendering: `detail: WebAppView`. */
  view: 'webapp:view',
  /** The coin balance changed: `detail: { coins: number }`. */
  coins: 'webapp:coins',
  /** A game call answered: `detail: WebAppCallLog`. */
  call: 'webapp:call',
} as const;

/** Every service method resolves (never rejects) with the game's answer, like the game's own services. */
export interface ServiceResponse<T> {
  readonly success: boolean;
  /** HTTP status = the game's code (200, 458 captcha, 461, 470, 478, 512, 521 ...); 0 = network failure. */
  readonly status: number;
  /** The JSON body as the protocol sends it (success) or the game's error body. */
  readonly data: T | undefined;
  readonly error: { readonly code: number; readonly reason: string } | undefined;
}

/** Transfer-market criteria, in the protocol's own parameter names (GET `transfermarket`). */
export interface MarketSearchCriteria {
  readonly type?: 'player';
  readonly maskedDefId?: number;
  readonly definitionId?: number;
  readonly lev?: 'bronze' | 'silver' | 'gold';
  readonly rare?: 'SP';
  readonly rarityIds?: number;
  readonly pos?: string;
  readonly zone?: 'defense' | 'midfield' | 'attacker';
  readonly nat?: number;
  readonly leag?: number;
  readonly team?: number;
  readonly playStyle?: number;
  readonly micr?: number;
  readonly macr?: number;
  readonly minb?: number;
  readonly maxb?: number;
}

/** The subset of the protocol's `itemData` the page shows (the raw object carries every field). */
export interface WebAppItemData {
  readonly id: number;
  readonly assetId: number;
  readonly resourceId: number;
  readonly rating: number;
  readonly rareflag: number;
  readonly preferredPosition: string;
  readonly teamid: number;
  readonly leagueId: number;
  readonly nation: number;
  readonly discardValue: number;
  readonly untradeable: boolean;
  readonly pile?: number;
  readonly [field: string]: unknown;
}

/** The protocol's `auctionInfo` entry. */
export interface WebAppAuctionInfo {
  readonly tradeId: number;
  readonly tradeState: string | null;
  readonly bidState: string;
  readonly buyNowPrice: number;
  readonly startingBid: number;
  readonly currentBid: number;
  readonly expires: number;
  readonly watched: boolean | null;
  readonly tradeOwner: boolean | null;
  readonly itemData: WebAppItemData;
  readonly [field: string]: unknown;
}

export interface WebAppMoveResult {
  readonly id: number;
  readonly pile: string;
  readonly success: boolean;
  readonly reason?: string;
  readonly errorCode?: number;
}

/** `window.services`: thin wrappers over the protocol calls the page itself makes. */
export interface WebAppServices {
  readonly Market: {
    /** GET `transfermarket` with `num=21`, `start=page*20`; `data.auctionInfo` has ≤ 21 rows. */
    search(
      criteria: MarketSearchCriteria,
      page?: number,
    ): Promise<ServiceResponse<{ auctionInfo: WebAppAuctionInfo[] }>>;
    /** PUT `trade/{id}/bid`; bidding the Buy Now price buys. */
    bid(
      tradeId: number,
      amount: number,
    ): Promise<ServiceResponse<{ credits: number; auctionInfo: WebAppAuctionInfo[] }>>;
    /** GET `trade/status/lite`. */
    status(tradeIds: readonly number[]): Promise<ServiceResponse<{ auctionInfo: WebAppAuctionInfo[] }>>;
    /** POST `auctionhouse` (`duration` in seconds: 3600 … 259200). */
    list(
      itemId: number,
      startingBid: number,
      buyNowPrice: number,
      duration: number,
    ): Promise<ServiceResponse<{ id: number; idStr: string }>>;
    relistAll(): Promise<ServiceResponse<{ tradeIdList: { id: number }[] }>>;
    clearSold(): Promise<ServiceResponse<object>>;
    /** DELETE `trade/{id}` (one sold or expired entry off the transfer list). */
    removeEntry(tradeId: number): Promise<ServiceResponse<object>>;
    watch(tradeId: number): Promise<ServiceResponse<object>>;
    unwatch(tradeId: number): Promise<ServiceResponse<object>>;
    /** GET `marketdata/item/pricelimits`. */
    priceLimits(
      itemId: number,
    ): Promise<ServiceResponse<{ defId: number; itemId: number; minPrice: number; maxPrice: number }[]>>;
  };
  readonly Item: {
    /** PUT `item` with `pile` `trade` or `club` (`tradeId` for an item just won). */
    move(
      itemId: number,
      pile: 'trade' | 'club',
      tradeId?: number,
    ): Promise<ServiceResponse<{ itemData: WebAppMoveResult[] }>>;
    /** DELETE `item/{id}`: credits the item's `discardValue`. */
    quickSell(itemId: number): Promise<ServiceResponse<{ items: { id: number }[]; totalCredits: number }>>;
    /** GET `purchased/items`. */
    unassigned(): Promise<ServiceResponse<{ itemData: WebAppItemData[] }>>;
  };
  readonly Store: {
    /** GET `tradepile`. */
    transferList(): Promise<ServiceResponse<{ auctionInfo: WebAppAuctionInfo[]; credits: number }>>;
    /** GET `watchlist`. */
    targets(): Promise<ServiceResponse<{ auctionInfo: WebAppAuctionInfo[]; credits: number }>>;
  };
  readonly User: {
    /** GET `user/credits`; also refreshes `repositories.User.coins` and the shell's balance. */
    credits(): Promise<ServiceResponse<{ credits: number }>>;
    /** GET `usermassinfo`. */
    massInfo(): Promise<ServiceResponse<Record<string, unknown>>>;
  };
}

/** `window.repositories`: what the page last read from the game (no call is made). */
export interface WebAppRepositories {
  readonly User: {
    readonly signedIn: boolean;
    readonly coins: number;
    readonly personaName: string;
    readonly clubName: string;
    /** `pc` or `ps` (console market), from the session's game SKU. */
    readonly platform: 'pc' | 'ps' | undefined;
  };
  readonly Item: {
    readonly transferList: readonly WebAppAuctionInfo[];
    readonly targets: readonly WebAppAuctionInfo[];
    readonly unassigned: readonly WebAppItemData[];
    /** The rows of the market results view as shown (≤ 20). */
    readonly marketResults: readonly WebAppAuctionInfo[];
  };
}

/** What is on screen now. */
export interface WebAppView {
  readonly name: WebAppViewName;
  /** Market results page, 0-based (results view only). */
  readonly page?: number;
  /** The entry shown in the item detail panel, when one is selected. */
  readonly selected?: { readonly tradeId?: number; readonly itemId: number };
  /** The game's code behind a blocking screen (458 captcha, 512/521 soft ban, 494 market locked). */
  readonly code?: number;
}

/** One game call of the page, as the `webapp:call` event reports it. */
export interface WebAppCallLog {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

/** `window.webApp`: the app object (version, view, navigation). */
export interface WebAppControl {
  /** Bumped when this contract changes incompatibly. */
  readonly version: 1;
  /** Resolves once the page knows whether it is signed in (and, if so, loaded the user). */
  readonly ready: Promise<void>;
  readonly view: WebAppView;
  navigate(route: (typeof WEB_APP_ROUTES)[keyof typeof WEB_APP_ROUTES]): void;
  /** Selects row `index` (0-based) of the list on screen and shows its detail panel. */
  select(index: number): void;
  /** Runs the search form's current criteria (page 0), like clicking Search. */
  search(): Promise<void>;
}

/** The globals the sandbox web app defines; cast `window` (or `globalThis`) to this. */
export interface WebAppWindow {
  readonly webApp: WebAppControl;
  readonly services: WebAppServices;
  readonly repositories: WebAppRepositories;
}

/** Market page size the web app shows (the protocol asks for one more to see a next page). */
export const WEB_APP_PAGE_SIZE = 20;
