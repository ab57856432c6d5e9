import { z } from 'zod';
import {
  SEARCH_RESULTS_DEFAULT,
  SEARCH_RESULTS_MAX,
  SEARCH_RESULTS_MIN,
  SAFE_LATENCY_MAX_MS,
  TRANSFER_RETRIES_MAX,
  TRANSFER_SEARCH_DELAY_MAX_MS,
} from '../constants.js';
import { screenshotSchema, soundSchema } from '../enums/notification.js';
import { messages } from '../messages.js';
import { boundedIntLike, countLike, dateTimeSchema, intLike, NUMBER_LIMITS, priceLike } from './common.js';
import { storableText, TEXT_LIMITS } from './text.js';
import { timeRange, timeRangeSchema } from './time-range.js';

/** Calibration moves every delay by at most a minute either way. */
export const CALIBRATION_DELAY_MAX_MS = 60_000;
/** Players of the admin's market list. */
export const MARKET_PLAYERS_MAX = 1_000;

const calibrationDelay = () =>
  intLike().pipe(z.number().min(-CALIBRATION_DELAY_MAX_MS).max(CALIBRATION_DELAY_MAX_MS));

/** Timing, breaks and thresholds of a run (0 threshold = no limit). */
export const timeConfigSchema = z.object({
  break: z.object({ duration: timeRangeSchema, frequency: timeRangeSchema }),
  duration: timeRangeSchema,
  delay: timeRangeSchema,
  pagination: timeRangeSchema,
  maxRequests: countLike(),
  maxSnipes: countLike(),
  maxSearchResults: countLike(),
  maxSearches: countLike(),
  maxPageJumps: countLike(),
});
export type TimeConfig = z.infer<typeof timeConfigSchema>;

/** Time group defaults: breaks 1–3 min every 10–20 min, runs 30–60 min, thresholds 0 (no limit). */
export function defaultTimeConfig(): TimeConfig {
  return {
    break: { duration: timeRange(1, 3, 'minutes'), frequency: timeRange(10, 20, 'minutes') },
    duration: timeRange(30, 60, 'minutes'),
    delay: timeRange(1500, 3500, 'milliseconds'),
    pagination: timeRange(800, 1500, 'milliseconds'),
    maxRequests: 0,
    maxSnipes: 0,
    maxSearchResults: 0,
    maxSearches: 0,
    maxPageJumps: 0,
  };
}

export const calibrationConfigSchema = z.object({
  delay: calibrationDelay(),
  updatedAt: dateTimeSchema.optional(),
});
export type CalibrationConfig = z.infer<typeof calibrationConfigSchema>;

/** Calibration defaults: delay 0. */
export function defaultCalibrationConfig(): CalibrationConfig {
  return { delay: 0 };
}

/** The PUT /calibration body. */
export const calibrationUpdateSchema = z.object({ delay: calibrationDelay() });

export const advancedConfigSchema = z
  .object({
    rotation: z.object({
      isEnabled: z.boolean(),
      requests: intLike().pipe(z.number().max(NUMBER_LIMITS.integer)),
    }),
    isHeadlessEnabled: z.boolean(),
    isCoinCheckEnabled: z.boolean(),
    isShortcutsEnabled: z.boolean(),
    isSnipesMasked: z.boolean(),
    numOfSearchResults: intLike(),
    /**
     * Sniping as a fleet: accounts of one platform started together snipe as one team
     * (docs/decisions/snipe-engine.md, "Fleet"). Absent (a configuration saved before the switch
     * existed) means on: `isFleetSnipingOn`.
     */
    isFleetEnabled: z.boolean().optional(),
  })
  .superRefine((config, ctx) => {
    const { isEnabled, requests } = config.rotation;
    if ((isEnabled && requests < 1) || requests < 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['rotation', 'requests'],
        message: messages.rotationRequests,
      });
    }
    if (config.numOfSearchResults < SEARCH_RESULTS_MIN || config.numOfSearchResults > SEARCH_RESULTS_MAX) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['numOfSearchResults'],
        message: messages.searchResultsRange,
      });
    }
  });
export type AdvancedConfig = z.infer<typeof advancedConfigSchema>;

/** Advanced defaults: rotation off (0 requests), headless/coin check/masking off, shortcuts on, 20 results. */
export function defaultAdvancedConfig(): AdvancedConfig {
  return {
    rotation: { isEnabled: false, requests: 0 },
    isHeadlessEnabled: false,
    isCoinCheckEnabled: false,
    isShortcutsEnabled: true,
    isSnipesMasked: false,
    numOfSearchResults: SEARCH_RESULTS_DEFAULT,
    isFleetEnabled: true,
  };
}

/** Whether accounts of one platform started together snipe as a fleet: on unless switched off. */
export const isFleetSnipingOn = (advanced: Pick<AdvancedConfig, 'isFleetEnabled'>): boolean =>
  advanced.isFleetEnabled !== false;

export const notificationSoundsSchema = z.object({
  transferSuccess: soundSchema,
  transferError: soundSchema,
  snipeSuccess: soundSchema,
  snipeError: soundSchema,
  captcha: soundSchema,
});
export type NotificationSoundEvent = keyof z.infer<typeof notificationSoundsSchema>;

export const notificationConfigSchema = z.object({
  isStartStopEnabled: z.boolean(),
  isSoundEnabled: z.boolean(),
  isSnipesEnabled: z.boolean(),
  sound: notificationSoundsSchema,
});
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

/** Notification defaults: every switch on; coin for successes, drum for errors, captcha for captchas. */
export function defaultNotificationConfig(): NotificationConfig {
  return {
    isStartStopEnabled: true,
    isSoundEnabled: true,
    isSnipesEnabled: true,
    sound: {
      transferSuccess: 'coin',
      transferError: 'drum',
      snipeSuccess: 'coin',
      snipeError: 'drum',
      captcha: 'captcha',
    },
  };
}

/** A player of the admin's market list. */
export const marketPlayerSchema = z.object({
  id: intLike(),
  name: storableText(TEXT_LIMITS.name),
  price: priceLike(),
  isExcluded: z.boolean(),
});
export type MarketPlayer = z.infer<typeof marketPlayerSchema>;

/** A market player: id 0, empty name, price 0, not excluded. */
export function defaultMarketPlayer(): MarketPlayer {
  return { id: 0, name: '', price: 0, isExcluded: false };
}

export const marketConfigSchema = z.object({
  players: z.array(marketPlayerSchema).max(MARKET_PLAYERS_MAX),
  isExclusionPurchaseEnabled: z.boolean(),
});
export type MarketConfig = z.infer<typeof marketConfigSchema>;

/** Market defaults: no players, exclusion purchase off. */
export function defaultMarketConfig(): MarketConfig {
  return { players: [], isExclusionPurchaseEnabled: false };
}

/** A whole-number setting's range and the message every refusal of it reads. */
export interface SettingRange {
  readonly min: number;
  readonly max: number;
  readonly message: string;
}

/**
 * The transfer group's number ranges, declared once: the schema checks them (the form before saving,
 * the server on PUT), the form's inputs take their bounds, and a group stored before them is read
 * within them (`transferConfigWithinRanges`), so none of the three can drift from the others.
 */
export const TRANSFER_RANGES = {
  safeLatency: { min: 0, max: SAFE_LATENCY_MAX_MS, message: messages.safeLatencyRange },
  retries: { min: 0, max: TRANSFER_RETRIES_MAX, message: messages.transferRetriesRange },
  searchDelay: { min: 0, max: TRANSFER_SEARCH_DELAY_MAX_MS, message: messages.transferSearchDelayRange },
} as const satisfies Record<string, SettingRange>;

const withinRange = (range: SettingRange) => boundedIntLike(range.min, range.max, range.message);

/** Coin-transfer settings; delay is the pause between the buyer's searches, in ms. */
export const transferConfigSchema = z
  .object({
    screenshot: screenshotSchema,
    safeLatency: withinRange(TRANSFER_RANGES.safeLatency),
    retries: withinRange(TRANSFER_RANGES.retries),
    delay: z.object({
      min: withinRange(TRANSFER_RANGES.searchDelay),
      max: withinRange(TRANSFER_RANGES.searchDelay),
    }),
    isTransfersMasked: z.boolean(),
    isBuyBackProtectionEnabled: z.boolean(),
  })
  .superRefine((config, ctx) => {
    if (config.delay.max <= config.delay.min) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['delay', 'max'], message: messages.timeRangeOrder });
    }
  });
export type TransferConfig = z.infer<typeof transferConfigSchema>;

/** Transfer defaults: no screenshot, safe latency 0, retries 0, delay 500–1000 ms, buy-back protection on. */
export function defaultTransferConfig(): TransferConfig {
  return {
    screenshot: 'none',
    safeLatency: 0,
    retries: 0,
    delay: { min: 500, max: 1000 },
    isTransfersMasked: false,
    isBuyBackProtectionEnabled: true,
  };
}

/**
 * A transfer group as stored, its numbers read within today's ranges (docs/decisions/settings.md):
 * a group saved before the ranges existed (Retries 500, a search delay of an hour) takes the
 * nearest bound instead of failing the whole configuration's read. A max delay stays above its
 * min, since each was above the other when saved. Anything not a number is left to the schema.
 */
export function transferConfigWithinRanges<Stored extends Record<string, unknown>>(stored: Stored): Stored {
  const { safeLatency, retries, searchDelay } = TRANSFER_RANGES;
  const read: Record<string, unknown> = { ...stored };
  if ('safeLatency' in stored) read['safeLatency'] = numberWithin(stored['safeLatency'], safeLatency);
  if ('retries' in stored) read['retries'] = numberWithin(stored['retries'], retries);
  const delay = stored['delay'];
  if (typeof delay === 'object' && delay !== null) {
    const { min, max } = delay as Record<string, unknown>;
    // The schema also wants max above min: each bound stops one step short of the other's end.
    read['delay'] = {
      ...delay,
      min: numberWithin(min, { ...searchDelay, max: searchDelay.max - 1 }),
      max: numberWithin(max, { ...searchDelay, min: searchDelay.min + 1 }),
    };
  }
  return read as Stored;
}

/** A finite number moved to the nearest end of `range`; anything else as it is. */
function numberWithin(value: unknown, range: SettingRange): unknown {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(range.max, Math.max(range.min, value))
    : value;
}

/** A user's whole configuration; a missing group takes its defaults. */
export const configurationSchema = z.object({
  time: timeConfigSchema.default(defaultTimeConfig),
  calibration: calibrationConfigSchema.default(defaultCalibrationConfig),
  advanced: advancedConfigSchema.default(defaultAdvancedConfig),
  notification: notificationConfigSchema.default(defaultNotificationConfig),
  market: marketConfigSchema.default(defaultMarketConfig),
  transfer: transferConfigSchema.default(defaultTransferConfig),
});
export type Configuration = z.infer<typeof configurationSchema>;

/** Every configuration group at its defaults (a new user's configuration). */
export function defaultConfiguration(): Configuration {
  return {
    time: defaultTimeConfig(),
    calibration: defaultCalibrationConfig(),
    advanced: defaultAdvancedConfig(),
    notification: defaultNotificationConfig(),
    market: defaultMarketConfig(),
    transfer: defaultTransferConfig(),
  };
}
