import { describe, expect, it } from 'vitest';
import { firstIssueMessage } from '../errors.js';
import {
  advancedConfigSchema,
  configurationSchema,
  defaultAdvancedConfig,
  defaultConfiguration,
  defaultTransferConfig,
  isFleetSnipingOn,
  marketConfigSchema,
  notificationConfigSchema,
  timeConfigSchema,
  TRANSFER_RANGES,
  transferConfigSchema,
  transferConfigWithinRanges,
  type SettingRange,
} from './configuration.js';

function firstMessage(
  schema: typeof advancedConfigSchema | typeof transferConfigSchema,
  input: unknown,
): string {
  const result = schema.safeParse(input);
  return result.success ? '' : firstIssueMessage(result.error);
}

describe('the fleet switch', () => {
  it('is on unless switched off, so a configuration saved before it existed snipes as a fleet', () => {
    const { isFleetEnabled: _absent, ...saved } = defaultConfiguration().advanced;
    const parsed = advancedConfigSchema.parse(saved);
    expect(parsed.isFleetEnabled).toBeUndefined();
    expect(isFleetSnipingOn(parsed)).toBe(true);
    expect(isFleetSnipingOn({ isFleetEnabled: false })).toBe(false);
    expect(advancedConfigSchema.safeParse({ ...saved, isFleetEnabled: 'yes' }).success).toBe(false);
  });
});

describe('configuration defaults', () => {
  const config = defaultConfiguration();

  it('matches the documented defaults of every group', () => {
    expect(config.advanced).toEqual({
      rotation: { isEnabled: false, requests: 0 },
      isHeadlessEnabled: false,
      isCoinCheckEnabled: false,
      isShortcutsEnabled: true,
      isSnipesMasked: false,
      numOfSearchResults: 20,
      isFleetEnabled: true,
    });
    expect(config.notification).toEqual({
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
    });
    expect(config.market).toEqual({ players: [], isExclusionPurchaseEnabled: false });
    expect(config.calibration).toEqual({ delay: 0 });
    expect(config.transfer).toMatchObject({
      screenshot: 'none',
      safeLatency: 0,
      retries: 0,
      isTransfersMasked: false,
      isBuyBackProtectionEnabled: true,
    });
    expect(config.time).toMatchObject({
      maxRequests: 0,
      maxSnipes: 0,
      maxSearchResults: 0,
      maxSearches: 0,
      maxPageJumps: 0,
    });
  });

  it('uses the decided time and transfer-delay defaults (docs/decisions/domain.md, not shown in the spec)', () => {
    const range = (min: number, max: number, unit: string) => ({
      min: { value: min, unit },
      max: { value: max, unit },
    });
    expect(config.time.break).toEqual({
      duration: range(1, 3, 'minutes'),
      frequency: range(10, 20, 'minutes'),
    });
    expect(config.time.duration).toEqual(range(30, 60, 'minutes'));
    expect(config.time.delay).toEqual(range(1500, 3500, 'milliseconds'));
    expect(config.time.pagination).toEqual(range(800, 1500, 'milliseconds'));
    expect(config.transfer.delay).toEqual({ min: 500, max: 1000 });
  });

  it('passes its own rules', () => {
    expect(configurationSchema.parse(config)).toEqual(config);
    expect(timeConfigSchema.safeParse(config.time).success).toBe(true);
  });

  it('fills missing groups with their defaults', () => {
    expect(configurationSchema.parse({})).toEqual(config);
  });
});

describe('advanced configuration rules', () => {
  it.each([
    [{ rotation: { isEnabled: true, requests: 0 } }, 'Number of requests must be at least 1'],
    [{ rotation: { isEnabled: true, requests: '1' } }, ''],
    [{ rotation: { isEnabled: false, requests: 0 } }, ''],
    [{ rotation: { isEnabled: true, requests: -3 } }, 'Number of requests must be at least 1'],
    [{ numOfSearchResults: 0 }, 'Number of search results must be between 1 and 50'],
    [{ numOfSearchResults: 1 }, ''],
    [{ numOfSearchResults: 50 }, ''],
    [{ numOfSearchResults: 51 }, 'Number of search results must be between 1 and 50'],
  ])('%j gives %j', (change, message) => {
    expect(firstMessage(advancedConfigSchema, { ...defaultAdvancedConfig(), ...change })).toBe(message);
  });
});

describe('value lists', () => {
  it('takes sounds and screenshot options only from their lists', () => {
    const notification = defaultConfiguration().notification;
    const badSound = { ...notification, sound: { ...notification.sound, captcha: 'bell' } };
    expect(notificationConfigSchema.safeParse(badSound).success).toBe(false);
    expect(firstMessage(transferConfigSchema, { ...defaultTransferConfig(), screenshot: 'all' })).toBe(
      'Screenshot must be one of: none, buyer, seller, both',
    );
  });

  it('needs the transfer delay max above its min', () => {
    const withDelay = (min: number, max: number) => ({ ...defaultTransferConfig(), delay: { min, max } });
    expect(firstMessage(transferConfigSchema, withDelay(800, 800))).toBe(
      'Max value must be greater than min value',
    );
    expect(firstMessage(transferConfigSchema, withDelay(800, 801))).toBe('');
  });

  it.each([
    [0, ''],
    [10, ''],
    ['3', ''],
    [11, 'Retries must be between 0 and 10'],
    [-1, 'Retries must be between 0 and 10'],
    [1_000_000, 'Retries must be between 0 and 10'],
    ['many', 'Retries must be between 0 and 10'],
    [Number.NaN, 'Retries must be between 0 and 10'],
  ])('takes transfer retries of %j with %j', (retries, message) => {
    expect(firstMessage(transferConfigSchema, { ...defaultTransferConfig(), retries })).toBe(message);
  });

  it.each([
    [{ safeLatency: 10_000 }, ''],
    [{ safeLatency: 10_001 }, 'Safe latency must be between 0 and 10,000 ms'],
    [{ safeLatency: -5 }, 'Safe latency must be between 0 and 10,000 ms'],
    [{ delay: { min: 0, max: 60_000 } }, ''],
    [{ delay: { min: 500, max: 60_001 } }, 'Delay between searches must be between 0 and 60,000 ms'],
    [{ delay: { min: -1, max: 1000 } }, 'Delay between searches must be between 0 and 60,000 ms'],
  ])('bounds safe latency and the search delay: %j gives %j', (change, message) => {
    expect(firstMessage(transferConfigSchema, { ...defaultTransferConfig(), ...change })).toBe(message);
  });

  it('reads a transfer group saved before its ranges at their nearest bounds, and a valid one as it is', () => {
    const saved = {
      ...defaultTransferConfig(),
      safeLatency: 2e9,
      retries: 500,
      delay: { min: 90_000, max: 1e9 },
    };
    const read = transferConfigWithinRanges(saved);
    expect(read).toEqual({ ...saved, safeLatency: 10_000, retries: 10, delay: { min: 59_999, max: 60_000 } });
    expect(transferConfigSchema.safeParse(read).success).toBe(true);
    const valid = { ...defaultTransferConfig(), retries: 3 };
    expect(transferConfigWithinRanges(valid)).toEqual(valid);
    expect(transferConfigWithinRanges({ retries: 'x' })).toStrictEqual({ retries: 'x' });
  });

  it('defaults a market player to id 0, empty name, price 0, not excluded', () => {
    const parsed = marketConfigSchema.parse({
      players: [{ id: '0', name: '', price: '0', isExcluded: false }],
      isExclusionPurchaseEnabled: false,
    });
    expect(parsed.players[0]).toEqual({ id: 0, name: '', price: 0, isExcluded: false });
  });
});

describe('the declared transfer ranges', () => {
  type Path = readonly string[];
  /** Each declared range's fields, with a stored group holding `value` there (a saved delay had max above min). */
  const fieldsOf: Record<
    keyof typeof TRANSFER_RANGES,
    ReadonlyArray<{ path: Path; stored: (value: number) => object }>
  > = {
    safeLatency: [{ path: ['safeLatency'], stored: (value) => ({ safeLatency: value }) }],
    retries: [{ path: ['retries'], stored: (value) => ({ retries: value }) }],
    searchDelay: [
      { path: ['delay', 'min'], stored: (value) => ({ delay: { min: value, max: value + 1 } }) },
      { path: ['delay', 'max'], stored: (value) => ({ delay: { min: value - 1, max: value } }) },
    ],
  };
  const ranges = Object.entries(TRANSFER_RANGES) as [keyof typeof TRANSFER_RANGES, SettingRange][];

  const valueAt = (group: object, path: Path): number =>
    path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], group) as number;
  const withValueAt = (group: object, path: Path, value: number): object => {
    const changed = structuredClone(group) as Record<string, unknown>;
    const parent = path.slice(0, -1).reduce((node, key) => node[key] as Record<string, unknown>, changed);
    parent[path[path.length - 1]!] = value;
    return changed;
  };
  const accepts = (group: object) => transferConfigSchema.safeParse(group).success;
  const issuesAt = (group: object, path: Path) => {
    const result = transferConfigSchema.safeParse(group);
    return result.success
      ? []
      : result.error.issues.filter((issue) => issue.path.join('.') === path.join('.'));
  };

  it.each(ranges)('%s: a stored value far out reads at the nearest value the schema accepts', (name) => {
    for (const { path, stored } of fieldsOf[name]) {
      const high = transferConfigWithinRanges({ ...defaultTransferConfig(), ...stored(1e9) });
      expect(accepts(high), `${path.join('.')} read high`).toBe(true);
      expect(accepts(withValueAt(high, path, valueAt(high, path) + 1)), `${path.join('.')} above`).toBe(
        false,
      );
      const low = transferConfigWithinRanges({ ...defaultTransferConfig(), ...stored(-1e9) });
      expect(accepts(low), `${path.join('.')} read low`).toBe(true);
      expect(accepts(withValueAt(low, path, valueAt(low, path) - 1)), `${path.join('.')} below`).toBe(false);
    }
  });

  it.each(ranges)(
    '%s: the schema refuses each side of the range with its message, which names both ends',
    (name, range) => {
      expect(range.message).toContain(
        `${range.min.toLocaleString('en-US')} and ${range.max.toLocaleString('en-US')}`,
      );
      for (const { path } of fieldsOf[name]) {
        for (const outside of [range.min - 1, range.max + 1]) {
          const group = withValueAt(defaultTransferConfig(), path, outside);
          expect(issuesAt(group, path).map((issue) => issue.message)).toContain(range.message);
        }
      }
    },
  );
});
