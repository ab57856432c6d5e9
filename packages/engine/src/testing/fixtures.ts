import {
  defaultConfiguration,
  defaultFodderFilter,
  defaultNormalFilter,
  defaultRarityFilter,
  type Configuration,
  type FodderFilter,
  type NormalFilter,
  type RarityFilter,
} from '@tradedesk/domain';

/** A named normal filter: definition id 20_801 (base id 20_801), max Buy Now 10,000, send to club. */
export function normalFilter(overrides: Partial<NormalFilter> = {}): NormalFilter {
  return {
    ...defaultNormalFilter('Striker'),
    id: 'filter-normal',
    name: 'Test Striker',
    playerId: 20_801,
    minPrice: 0,
    maxPrice: 10_000,
    ...overrides,
  };
}

/** A 59th Minute filter on gold rares between 1,000 and 50,000, listing at the database price. */
export function rarityFilter(overrides: Partial<RarityFilter> = {}): RarityFilter {
  return {
    ...defaultRarityFilter(),
    id: 'filter-rarity',
    rarity: 'rare',
    minPrice: 1_000,
    maxPrice: 50_000,
    minProfit: { value: 500, unit: 'fixed' },
    followUp: { ...defaultRarityFilter().followUp, startPrice: 10_000, buyNowPrice: 15_000 },
    ...overrides,
  };
}

/** 86-rated gold fodder up to 5,000. */
export function fodderFilter(overrides: Partial<FodderFilter['player']> = {}): FodderFilter {
  const base = defaultFodderFilter();
  return {
    ...base,
    id: 'filter-fodder',
    player: { ...base.player, rating: 86, minPrice: 0, maxPrice: 5_000, ...overrides },
  };
}

/** The default configuration with the given groups' fields replaced. */
export function configuration(
  overrides: {
    time?: Partial<Configuration['time']>;
    advanced?: Partial<Configuration['advanced']>;
    calibration?: Partial<Configuration['calibration']>;
  } = {},
): Configuration {
  const base = defaultConfiguration();
  return {
    ...base,
    time: { ...base.time, ...overrides.time },
    advanced: { ...base.advanced, ...overrides.advanced },
    calibration: { ...base.calibration, ...overrides.calibration },
  };
}
