/**
 * @tradedesk/game-client — the only code that speaks the game's web-app wire format.
 *
 *   const client = new GameClient({ config: sandboxConfig(simUrl) }); // or liveConfig()
 *   await client.signIn({ email, password, backupCode }, 'pc');
 *   const page = await client.market.search({ maskedDefId, maxBuyNow: 10_000 });
 *   await client.market.buyNow(page.auctions[0]);
 *
 * Every failure is a GameError with a `kind` to switch on and a `category` (temporary,
 * operational, user-logic) that picks the engine's reaction; `client.stats` counts requests.
 */
export { GameClient, type GameClientOptions } from './game-client.js';
export {
  clubBadgeUrl,
  SANDBOX_CLUB_BADGES_PATH,
  gameClientConfigSchema,
  liveConfig,
  parseGameClientConfig,
  sandboxConfig,
  type GameClientConfig,
  type GameClientConfigInput,
} from './config.js';
export * from './errors.js';
export { errorFromCode } from './error-mapping.js';
export type {
  RequestStats,
  RequestSentEvent,
  ResponseReceivedEvent,
  TransportObserver,
} from './transport.js';
export type { Credentials } from './sign-in/access-token.js';
export type { SessionInfo } from './session.js';
export type { SelectedPersona } from './sign-in/ut-session.js';
export {
  marketSearchSchema,
  positions,
  type BidResult,
  type MarketApi,
  type MarketPage,
  type MarketSearch,
} from './api/market.js';
export {
  listingDurations,
  type ItemMove,
  type Listing,
  type MoveResult,
  type PilesApi,
  type TransferPile,
} from './api/piles.js';
export type { AccountApi, Credits, UserMassInfo } from './api/account.js';
export type { ClubApi, ClubPage, ClubSearch } from './api/club.js';
export { squadSlots, type SbcApi } from './api/sbc.js';
export type { AuctionInfo, Currency, ItemData } from './schemas/items.js';
export { definitionIdOf } from './schemas/items.js';
export type { PriceLimit } from './schemas/market.js';
export type { SbcChallenge, SbcSet, SbcSquad } from './schemas/sbc.js';
export {
  createPageCaller,
  createPageGameApis,
  pageServiceCallOf,
  type PageInvoker,
  type PageServiceCall,
} from './web-app/page-caller.js';
