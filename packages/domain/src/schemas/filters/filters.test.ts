import { describe, expect, it } from 'vitest';
import { joinIssueMessages } from '../../errors.js';
import {
  createFilterSchema,
  createNormalFilterSchema,
  defaultFodderFilter,
  defaultNormalFilter,
  defaultRarityFilter,
  defaultTransferFilter,
  filterSchema,
  fodderFilterSchema,
  normalFilterSchema,
  rarityFilterSchema,
  transferFilterSchema,
  type NormalFilter,
} from './index.js';

function issues(
  schema: { safeParse: (input: unknown) => { success: boolean; error?: unknown } },
  input: unknown,
) {
  const result = schema.safeParse(input) as ReturnType<typeof filterSchema.safeParse>;
  return result.success ? '' : joinIssueMessages(result.error);
}

const priced = (filter: NormalFilter): NormalFilter => ({ ...filter, minPrice: 0, maxPrice: 10_000 });

describe('normal filter defaults', () => {
  it('has every criterion any, prices 0, min profit 0 percent, send to club, one hour, top to bottom', () => {
    expect(defaultNormalFilter('Mbappe')).toEqual({
      type: 'normal',
      label: 'Mbappe',
      name: '',
      minPrice: 0,
      maxPrice: 0,
      minProfit: { value: 0, unit: 'percentage' },
      quality: 'any',
      rarity: 'any',
      league: -1,
      club: -1,
      nationality: -1,
      position: 'any',
      playstyle: 'any',
      chemistryStyle: -1,
      followUp: { action: 'send_to_club', startPrice: 0, buyNowPrice: 0, duration: 3600, percentage: 100 },
      searchOption: 'top_to_bottom',
    });
  });
});

describe('normal filter rules', () => {
  const base = priced(defaultNormalFilter('Mine'));

  it('accepts a filter with ordered prices', () => {
    expect(issues(normalFilterSchema, base)).toBe('');
  });

  it.each([
    [0, 0],
    [5000, 5000],
    [6000, 5000],
  ])('rejects min %i / max %i', (minPrice, maxPrice) => {
    expect(issues(normalFilterSchema, { ...base, minPrice, maxPrice })).toBe(
      'Max price must be greater than min price',
    );
  });

  it('coerces number-or-text prices to integers', () => {
    const parsed = normalFilterSchema.parse({ ...base, minPrice: '150', maxPrice: '2000.7' });
    expect([parsed.minPrice, parsed.maxPrice]).toEqual([150, 2000]);
  });

  describe('listing at the price-database price', () => {
    const atPriceSite: NormalFilter = {
      ...base,
      maxPrice: 0,
      name: 'Kylian Mbappé',
      minProfit: { value: 10, unit: 'percentage' },
      followUp: { ...base.followUp, action: 'list_at_price_site_price' },
    };

    it('ignores the price order', () => {
      expect(issues(normalFilterSchema, atPriceSite)).toBe('');
    });

    it('needs a player name, naming the provider', () => {
      expect(issues(normalFilterSchema, { ...atPriceSite, name: '' })).toBe(
        'Listing at futbin price requires the filter to have a player name',
      );
      expect(issues(createNormalFilterSchema('futgg'), { ...atPriceSite, name: '  ' })).toBe(
        'Listing at futgg price requires the filter to have a player name',
      );
    });

    it.each([
      [{ value: 0, unit: 'percentage' }, false],
      [{ value: 1, unit: 'percentage' }, true],
      [{ value: 100, unit: 'percentage' }, true],
      [{ value: 101, unit: 'percentage' }, false],
      [{ value: 0, unit: 'fixed' }, false],
      [{ value: 500, unit: 'fixed' }, true],
    ])('min profit %j valid: %s', (minProfit, ok) => {
      expect(issues(normalFilterSchema, { ...atPriceSite, minProfit })).toBe(
        ok ? '' : 'For percentage, value must be between 0 and 100. For fixed, value must be greater than 0.',
      );
    });
  });

  it('needs a buy-now price above the start price when listing on the transfer list', () => {
    const listing = (startPrice: number, buyNowPrice: number) => ({
      ...base,
      followUp: { ...base.followUp, action: 'list_on_transfer_list', startPrice, buyNowPrice },
    });
    expect(issues(normalFilterSchema, listing(1000, 1000))).toBe(
      'Buy price must be greater than start price',
    );
    expect(issues(normalFilterSchema, listing(1000, 1100))).toBe('');
  });

  it('keeps the follow-up percentage within 0 to 100', () => {
    const result = normalFilterSchema.safeParse({ ...base, followUp: { ...base.followUp, percentage: 120 } });
    expect(result.success).toBe(false);
  });

  it('accepts only the six listing durations', () => {
    expect(issues(normalFilterSchema, { ...base, followUp: { ...base.followUp, duration: '10800' } })).toBe(
      '',
    );
    expect(issues(normalFilterSchema, { ...base, followUp: { ...base.followUp, duration: 7200 } })).toBe(
      'Invalid listing duration',
    );
  });

  it.each([
    [-1, ''],
    [250, ''],
    [273, ''],
    [249, 'Invalid chemistry style'],
    [274, 'Invalid chemistry style'],
  ])('chemistry style %i: %j', (chemistryStyle, message) => {
    expect(issues(normalFilterSchema, { ...base, chemistryStyle })).toBe(message);
  });

  it('needs a label', () => {
    expect(issues(normalFilterSchema, { ...base, label: '  ' })).toBe('Label is required');
  });
});

describe('59th Minute filter', () => {
  it("is labelled '59th Minute' and lists on the transfer list by default", () => {
    const filter = defaultRarityFilter();
    expect(filter.label).toBe('59th Minute');
    expect(filter.followUp.action).toBe('list_on_transfer_list');
    expect('name' in filter).toBe(false);
  });

  it('needs ordered prices and a listing follow-up', () => {
    const filter = {
      ...defaultRarityFilter(),
      maxPrice: 5000,
      followUp: { ...defaultRarityFilter().followUp, startPrice: 900, buyNowPrice: 1000 },
    };
    expect(issues(rarityFilterSchema, filter)).toBe('');
    expect(issues(rarityFilterSchema, { ...filter, maxPrice: 0 })).toBe(
      'Max price must be greater than min price',
    );
    expect(
      issues(rarityFilterSchema, { ...filter, followUp: { ...filter.followUp, action: 'quick_sell' } }),
    ).toBe('A 59th Minute filter can only list on the transfer list');
  });

  it('does not check listing prices a run never uses (each card lists at its own price)', () => {
    expect(issues(rarityFilterSchema, { ...defaultRarityFilter(), maxPrice: 5000 })).toBe('');
  });
});

describe('fodder filter', () => {
  it('defaults to rating 84 and gold', () => {
    expect(defaultFodderFilter().player).toMatchObject({ rating: 84, quality: 'gold' });
  });

  it.each([
    [83, 'Rating must be between 84 and 94'],
    [84, ''],
    [94, ''],
    [95, 'Rating must be between 84 and 94'],
  ])('rating %i', (rating, message) => {
    const filter = defaultFodderFilter();
    const input = { ...filter, player: { ...filter.player, maxPrice: 2000, rating } };
    expect(issues(fodderFilterSchema, input)).toBe(message);
  });

  it('allows only gold or special and needs ordered prices', () => {
    const filter = defaultFodderFilter();
    expect(
      issues(fodderFilterSchema, { ...filter, player: { ...filter.player, quality: 'silver', maxPrice: 1 } }),
    ).toBe('Quality must be one of: gold, special');
    expect(issues(fodderFilterSchema, filter)).toBe('Max price must be greater than min price');
  });
});

describe('transfer filter', () => {
  const ready = () => {
    const filter = defaultTransferFilter('Swap');
    return {
      ...filter,
      player: { ...filter.player, id: 231747, name: 'Mbappé', value: 50_000, rarity: 'rare' as const },
    };
  };

  it('defaults to delay 1000 ms and one-hour durations', () => {
    expect(defaultTransferFilter().player).toMatchObject({
      delay: 1000,
      duration: 3600,
      buyBackDuration: 3600,
    });
  });

  it('rejects rarity any', () => {
    const filter = ready();
    expect(issues(transferFilterSchema, { ...filter, player: { ...filter.player, rarity: 'any' } })).toBe(
      'Rarity must not be Any',
    );
  });

  it('needs buy now above bid with auto-list on', () => {
    const filter = ready();
    const autoList = { ...filter.player, enableAutoList: true, bidPrice: 1000, buyNowPrice: 1000 };
    expect(issues(transferFilterSchema, { ...filter, player: autoList })).toBe(
      'Buy now price must be greater than bid price',
    );
    expect(issues(transferFilterSchema, { ...filter, player: { ...autoList, buyNowPrice: 1100 } })).toBe('');
  });

  it('parses the delay as an integer', () => {
    const filter = ready();
    expect(
      transferFilterSchema.parse({ ...filter, player: { ...filter.player, delay: '1500' } }).player.delay,
    ).toBe(1500);
  });
});

describe('any filter', () => {
  it('is told apart by type and checked by the rules of its kind', () => {
    expect(issues(filterSchema, defaultFodderFilter())).toBe('Max price must be greater than min price');
    expect(issues(filterSchema, { ...defaultNormalFilter('x'), type: 'other' })).toBe(
      'Type must be one of: normal, rarity, fodder, transfer',
    );
    const named = {
      ...defaultNormalFilter('x'),
      followUp: { ...defaultNormalFilter().followUp, action: 'list_at_price_site_price' },
    };
    expect(issues(createFilterSchema('futwiz'), named)).toContain('Listing at futwiz price');
  });

  it('turns updatedAt into a date', () => {
    const parsed = filterSchema.parse({
      ...priced(defaultNormalFilter('x')),
      id: 'f1',
      updatedAt: '2025-01-01T00:00:00Z',
    });
    expect(parsed.updatedAt).toEqual(new Date('2025-01-01T00:00:00Z'));
  });
});
