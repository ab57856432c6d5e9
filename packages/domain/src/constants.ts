import type { PriceProvider } from './enums/filter.js';
import type { Rarity } from './enums/rarity.js';

/**
 * Business constants of section 9 (both documents) that are not math. Prices, tax, quick
 * sell, waits, latency and expiry bands, the notification cap and the coin calculator's
 * units live in ./math and ./format.
 */

/** Backup codes are exactly this long (unless manual login). */
export const BACKUP_CODE_LENGTH = 8;
/** A filter share code is exactly this long. */
export const FILTER_CODE_LENGTH = 20;

export const FODDER_RATING_MIN = 84;
export const FODDER_RATING_MAX = 94;
export const FODDER_RATING_DEFAULT = 84;

/** Search results per search: 1 to 50, default 20 (the game's own default is 22). */
export const SEARCH_RESULTS_MIN = 1;
export const SEARCH_RESULTS_MAX = 50;
export const SEARCH_RESULTS_DEFAULT = 20;
export const GAME_DEFAULT_SEARCH_RESULTS = 22;

/** More pages of players than this triggers the page warning. */
export const MAX_PLAYER_PAGES_WARNING = 10;
/** Filter rotation needs at least this many selected filters. */
export const ROTATION_MIN_FILTERS = 2;

/** Largest minimum price a search may use (cache-busting stays below it). */
export const MAX_MIN_PRICE = 1000;
/** Buy attempts per coin transfer. */
export const SNIPE_ATTEMPTS_PER_TRANSFER = 3;
/** Searches between two coin-balance checks. */
export const CREDIT_CHECK_INTERVAL = 50;
/** Recent player cards kept. */
export const RECENT_CARDS_KEPT = 15;
/** Width, in characters, of the live statistics text. */
export const LIVE_STATISTICS_TEXT_WIDTH = 16;

export const ONE_MINUTE_MS = 60_000;
export const FIVE_MINUTES_MS = 300_000;
/** Accounts and the session check refresh this often on the snipe page. */
export const ACCOUNTS_REFRESH_INTERVAL_MS = FIVE_MINUTES_MS;
export const TOAST_DURATION_MS = 5000;
/** Price lookups and player suggestions wait this long after the last keystroke. */
export const PRICE_LOOKUP_DEBOUNCE_MS = 750;
/** Player suggestions return this many names. */
export const SUGGESTION_LIMIT = 5;
/** The players page shows this many players per page. */
export const PLAYERS_PAGE_SIZE = 15;
/** A notification counts as read once this share of it is visible. */
export const NOTIFICATION_READ_VISIBILITY = 0.75;
/** The copy confirmation shows this long. */
export const COPY_CONFIRMATION_MS = 2500;

/** Layout breakpoints in px; 768 and below is mobile. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1224 } as const;
export const MOBILE_BREAKPOINT = BREAKPOINTS.md;

/** Maximum price-database pages fetched per rarity (gold rare: one reading says 31). */
export const MAX_PRICE_DATABASE_PAGES: Record<Rarity, number> = {
  any: 0,
  rare: 30,
  team_of_the_week: 4,
  ut_heroes: 3,
  cornerstones: 2,
  icon: 5,
  ratings_reload: 1,
};

/** HTTP statuses from 400 to 500 are turned into errors carrying the body's message. */
export const ERROR_STATUS_MIN = 400;
export const ERROR_STATUS_MAX = 500;

/** New users may run this many accounts at once, and start with this many credits. */
export const DEFAULT_MAX_ACCOUNTS = 1;
export const DEFAULT_CREDITS = 0;

/** Coin transfer filter: delay before the buyer's auto-list, in ms. */
export const TRANSFER_FILTER_DEFAULT_DELAY_MS = 1000;

/** Solver modal defaults. */
export const SOLVER_DEFAULTS = {
  searchSpeed: 3500,
  maxPurchaseAttempts: 3,
  numOfRepititions: 1,
  numOfSteps: 1,
  enableAutoList: false,
} as const;

/**
 * The most each solver setting takes (ours): what the agent's `sbc-start` accepts, so the modal
 * and the server refuse more with a message naming the setting instead of the agent's 'Invalid
 * SBC command'.
 */
export const SOLVER_LIMITS = {
  searchSpeed: 600_000,
  maxPurchaseAttempts: 100,
  numOfRepititions: 100,
  numOfSteps: 100,
} as const;

/**
 * The least search speed (ours; the spec gives only the 3500 ms default): below a second the bot
 * would search as fast as the game lets it, which the game answers with rate limits and soft bans.
 */
export const SOLVER_SEARCH_SPEED_MIN = 1_000;

/** Transfer Configuration's Retries (ours): each retry adds 3 searches, so 10 is 33 at most. */
export const TRANSFER_RETRIES_MAX = 10;

/** Transfer Configuration's Delay between Searches, each bound (ours): a minute at most. */
export const TRANSFER_SEARCH_DELAY_MAX_MS = 60_000;

/** Transfer Configuration's Safe Latency (ours): 10 s, far above any answer worth waiting for. */
export const SAFE_LATENCY_MAX_MS = 10_000;

/** Trial plan: one month at 10 credits; free trial 3 days. */
export const TRIAL_PLAN_CREDITS = 10;
export const FREE_TRIAL_DAYS = 3;

/** The price database named in messages when none is configured. */
export const DEFAULT_PRICE_PROVIDER: PriceProvider = 'futbin';

/** Sitemap entries the spec gives (the other routes are not shown). */
export const SITEMAP = {
  '/subscription': { priority: 1, changefreq: 'weekly' },
  '/snipe': { priority: 0.7, changefreq: 'daily' },
} as const;
