import { z } from 'zod';
import { parseInput } from './input.js';

const httpUrl = z
  .string()
  .url('Must be an absolute URL')
  .refine((value) => /^https?:\/\//.test(value), 'Must be an http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

/** How one platform is named in the game: the SKU sent to `/ut/auth` and the club-list platform names. */
const platformSchema = z.object({
  gameSku: z.string().min(1),
  /** Values of `userClubList[].platform` that belong to this platform (persona selection). */
  clubPlatforms: z.array(z.string().min(1)).min(1),
});

/**
 * Everything that changes between seasons or between the sandbox and the live game.
 * Hosts, the game segment, client ids and SKUs are data so a new season is a config change.
 */
export const gameClientConfigSchema = z.object({
  /** EA accounts host (OAuth `connect/auth`). */
  accountsUrl: httpUrl,
  /** Identity gateway host (`proxy/identity/pids/me`). */
  gatewayUrl: httpUrl,
  /** The season's UTAS host (`/ut/auth`, `/ut/game/<segment>/...`). */
  utasUrl: httpUrl,
  /** Where the web app's images live (club crests under `/clubs/{badgeId}.png`). */
  contentUrl: httpUrl,
  /**
   * Where the desk shows club crests from (`{clubBadgesUrl}/{badgeId}.png`), when not from
   * `contentUrl`: the sandbox names the desk server's own path, because the sandbox game's port
   * changes at each start and a stored address with it would show no crest after a restart.
   */
  clubBadgesUrl: z
    .string()
    .regex(/^(https?:\/\/|\/)\S*$/, 'Club badges URL must be an http(s) URL or a path')
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** Game segment of the path: `fc25`, `fc26`, ... */
  gameSegment: z.string().regex(/^(fifa|fc)\d{2}$/, 'Game segment must look like fc26'),
  /** OAuth client id of the web app (`FC26_JS_WEB_APP`). */
  webClientId: z.string().min(1),
  /** OAuth client id that issues auth codes for the UT servers. */
  utasClientId: z.string().min(1),
  /** The web app's redirect target; the access token arrives in its fragment. */
  redirectUri: z.string().url(),
  /** Web-app SKU sent to account info and `/ut/auth` (`FUT26WEB`). */
  sku: z.string().min(1),
  /**
   * Club-list years that mean this season. Public clients used the release year (FC 24 → "2023"),
   * while "the current year" can also read as the title year, so FC 26 accepts "2025" and "2026"
   * (the sandbox game sends the title year).
   */
  clubYears: z.array(z.string().regex(/^\d{4}$/, 'Club years are four digits')).min(1),
  returningUserGameYear: z.number().int(),
  clientVersion: z.number().int().nonnegative(),
  platforms: z.record(z.string().min(1), platformSchema).refine((p) => Object.keys(p).length > 0, {
    message: 'At least one platform is required',
  }),
  /** Results shown per market page; the client asks for one more to detect a next page. */
  marketPageSize: z.number().int().min(1).max(50),
  /** Results per club page (club search asks for one more). */
  clubPageSize: z.number().int().min(1).max(200),
  requestTimeoutMs: z.number().int().positive(),
  userAgent: z.string().min(1),
  origin: z.string().url(),
  referer: z.string().url(),
});

/** Validated client configuration. */
export type GameClientConfig = z.infer<typeof gameClientConfigSchema>;
/** Configuration as written by a caller (hosts may carry trailing slashes). */
export type GameClientConfigInput = z.input<typeof gameClientConfigSchema>;

const desktopUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** FC 26 as described in the protocol reference; the hosts are the real ones. */
const fc26Defaults: GameClientConfigInput = {
  accountsUrl: 'https://accounts.ea.com',
  gatewayUrl: 'https://gateway.ea.com',
  utasUrl: 'https://utas.mob.v5.prd.futc-ext.gcp.ea.com',
  contentUrl: 'https://www.ea.com/ea-sports-fc/ultimate-team/web-app/content',
  gameSegment: 'fc26',
  webClientId: 'FC26_JS_WEB_APP',
  utasClientId: 'FUTWEB_BK_OL_SERVER',
  redirectUri: 'https://www.ea.com/ea-sports-fc/ultimate-team/web-app/auth.html',
  sku: 'FUT26WEB',
  clubYears: ['2025', '2026'],
  returningUserGameYear: 2025,
  clientVersion: 1,
  platforms: {
    pc: { gameSku: 'FFA26PCC', clubPlatforms: ['pc', 'cem_ea_id'] },
    ps: { gameSku: 'FFA26PS5', clubPlatforms: ['ps5', 'ps4', 'ps3', 'ps'] },
    xbox: { gameSku: 'FFA26XSX', clubPlatforms: ['xsx', 'xbo', '360', 'xbox'] },
  },
  marketPageSize: 20,
  clubPageSize: 90,
  requestTimeoutMs: 15_000,
  userAgent: desktopUserAgent,
  origin: 'https://www.ea.com',
  referer: 'https://www.ea.com/',
};

/**
 * The season-dependent ids of an `fcNN` segment (client id, SKUs, club years), so switching season
 * is one override. Club years: public clients matched the release year (FC 24 → "2023") while
 * "the current year" of GAME-PROTOCOL §1.2 can read as the title year, so both are accepted.
 */
function seasonDefaults(gameSegment: string | undefined): Partial<GameClientConfigInput> {
  const match = /^fc(\d{2})$/.exec(gameSegment ?? '');
  if (!match) return {};
  const year = Number(match[1]);
  const sku = (suffix: string) => `FFA${year}${suffix}`;
  return {
    webClientId: `FC${year}_JS_WEB_APP`,
    sku: `FUT${year}WEB`,
    clubYears: [`20${year - 1}`, `20${year}`],
    returningUserGameYear: 2000 + year - 1,
    platforms: {
      pc: { gameSku: sku('PCC'), clubPlatforms: ['pc', 'cem_ea_id'] },
      ps: { gameSku: sku('PS5'), clubPlatforms: ['ps5', 'ps4', 'ps3', 'ps'] },
      xbox: { gameSku: sku('XSX'), clubPlatforms: ['xsx', 'xbo', '360', 'xbox'] },
    },
  };
}

/** Validates a configuration; an InvalidInputError names the first bad field. */
export function parseGameClientConfig(input: GameClientConfigInput): GameClientConfig {
  return parseInput(gameClientConfigSchema, input, 'game client configuration');
}

/** The real service (FC 26 hosts from the protocol reference), with optional overrides for a new season. */
export function liveConfig(overrides: Partial<GameClientConfigInput> = {}): GameClientConfig {
  return parseGameClientConfig({ ...fc26Defaults, ...seasonDefaults(overrides.gameSegment), ...overrides });
}

/** The sandbox game: every host is the simulator's one URL; the rest mirrors the live game. */
export function sandboxConfig(
  simUrl: string,
  overrides: Partial<GameClientConfigInput> = {},
): GameClientConfig {
  return parseGameClientConfig({
    ...fc26Defaults,
    ...seasonDefaults(overrides.gameSegment),
    accountsUrl: simUrl,
    gatewayUrl: simUrl,
    utasUrl: simUrl,
    contentUrl: `${simUrl.replace(/\/+$/, '')}/content`,
    clubBadgesUrl: SANDBOX_CLUB_BADGES_PATH,
    ...overrides,
  });
}

/**
 * The desk server's path that shows a sandbox club crest (it sends the browser on to the sandbox
 * game's current address), so the crest an account stores survives a restart of the game.
 */
export const SANDBOX_CLUB_BADGES_PATH = '/api/sandbox/clubs';

/** The picture of a club's crest, as the desk shows it (an address, or a path on the desk's server). */
export function clubBadgeUrl(config: GameClientConfig, badgeId: number): string {
  return `${config.clubBadgesUrl ?? `${config.contentUrl}/clubs`}/${badgeId}.png`;
}
