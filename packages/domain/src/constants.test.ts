import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import { defaultSolverSettings } from './schemas/sbc.js';

// Section 9 of both documents, value by value.
describe('business constants of section 9', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['BACKUP_CODE_LENGTH', 8],
    ['FILTER_CODE_LENGTH', 20],
    ['FODDER_RATING_MIN', 84],
    ['FODDER_RATING_MAX', 94],
    ['FODDER_RATING_DEFAULT', 84],
    ['SEARCH_RESULTS_MIN', 1],
    ['SEARCH_RESULTS_MAX', 50],
    ['SEARCH_RESULTS_DEFAULT', 20],
    ['GAME_DEFAULT_SEARCH_RESULTS', 22],
    ['MAX_PLAYER_PAGES_WARNING', 10],
    ['ROTATION_MIN_FILTERS', 2],
    ['MAX_MIN_PRICE', 1000],
    ['SNIPE_ATTEMPTS_PER_TRANSFER', 3],
    ['CREDIT_CHECK_INTERVAL', 50],
    ['RECENT_CARDS_KEPT', 15],
    ['LIVE_STATISTICS_TEXT_WIDTH', 16],
    ['ONE_MINUTE_MS', 60_000],
    ['FIVE_MINUTES_MS', 300_000],
    ['ACCOUNTS_REFRESH_INTERVAL_MS', 300_000],
    ['TOAST_DURATION_MS', 5000],
    ['PRICE_LOOKUP_DEBOUNCE_MS', 750],
    ['SUGGESTION_LIMIT', 5],
    ['PLAYERS_PAGE_SIZE', 15],
    ['NOTIFICATION_READ_VISIBILITY', 0.75],
    ['COPY_CONFIRMATION_MS', 2500],
    ['BREAKPOINTS', { sm: 640, md: 768, lg: 1024, xl: 1224 }],
    ['MOBILE_BREAKPOINT', 768],
    ['ERROR_STATUS_MIN', 400],
    ['ERROR_STATUS_MAX', 500],
    ['DEFAULT_MAX_ACCOUNTS', 1],
    ['DEFAULT_CREDITS', 0],
    ['TRANSFER_FILTER_DEFAULT_DELAY_MS', 1000],
    ['TRIAL_PLAN_CREDITS', 10],
    ['FREE_TRIAL_DAYS', 3],
    ['DEFAULT_PRICE_PROVIDER', 'futbin'],
  ])('%s is %j', (name, value) => {
    expect(constants[name]).toEqual(value);
  });

  it('fetches at most these price-database pages per rarity', () => {
    expect(constants.MAX_PRICE_DATABASE_PAGES).toEqual({
      any: 0,
      rare: 30,
      team_of_the_week: 4,
      ut_heroes: 3,
      cornerstones: 2,
      icon: 5,
      ratings_reload: 1,
    });
  });

  it('starts the solver at 3500 ms, 3 attempts, 1 repetition, 1 step, auto-list off', () => {
    expect(defaultSolverSettings()).toEqual(constants.SOLVER_DEFAULTS);
    expect(constants.SOLVER_DEFAULTS).toEqual({
      searchSpeed: 3500,
      maxPurchaseAttempts: 3,
      numOfRepititions: 1,
      numOfSteps: 1,
      enableAutoList: false,
    });
  });

  it('gives the sitemap values the spec shows', () => {
    expect(constants.SITEMAP['/subscription']).toEqual({ priority: 1, changefreq: 'weekly' });
    expect(constants.SITEMAP['/snipe']).toEqual({ priority: 0.7, changefreq: 'daily' });
  });
});
