import { describe, expect, it } from 'vitest';
import { chemistryStyleLabel, chemistryStyleOptions, isGoalkeeperChemistryStyle } from './chemistry-style.js';
import {
  filterTypeLabels,
  followUpActionOptions,
  listingDurationOptions,
  searchOptionLabels,
} from './filter.js';
import {
  platformBadge,
  platformLabels,
  platformOf,
  platformShortLabels,
  toReportPlatform,
} from './platform.js';
import {
  positionCodeOfId,
  positionGroupIds,
  positionIdOfCode,
  positionMatches,
  positionOptions,
  positionSearchValue,
} from './position.js';
import { qualityOfCard, qualityOfRating } from './quality.js';
import {
  priceDatabaseRarityKeys,
  priceSiteRarityCodes,
  rarityIds,
  rarityOfId,
  rarityOfPriceDatabaseKey,
  rarityOfPriceSiteCode,
  rarityOptions,
} from './rarity.js';
import { toMilliseconds } from './units.js';
import { accountStatusBadge, compareByStatusText, isAccountRunning } from './user.js';

describe('platform', () => {
  it('labels ps Console and pc PC, and PS/XBOX in short labels', () => {
    expect(platformLabels).toEqual({ ps: 'Console', pc: 'PC' });
    expect(platformShortLabels).toEqual({ ps: 'PS/XBOX', pc: 'PC' });
    expect(toReportPlatform('ps')).toBe('console');
    expect(platformBadge('pc')).toBe('PC');
    expect(platformBadge(null)).toBe('UNKNOWN');
  });
});

describe('rarity', () => {
  it.each([
    ['any', 'Any', -1, '', ''],
    ['rare', 'Rare', 1, 'gold_rare', 'goldrare'],
    ['team_of_the_week', 'Team of the Week', 3, 'gold_if', 'informgold'],
    ['icon', 'Icon', 12, 'icons', '12'],
    ['ut_heroes', 'UT Heroes', 72, 'heroes', '72'],
    ['cornerstones', 'Cornerstones', 150, 'cornerstones', '150'],
    ['ratings_reload', 'Ratings Reload', 22, 'ratings_reload', '22'],
  ] as const)('%s is %s, id %i, price key %j, site code %j', (rarity, label, id, key, code) => {
    expect(rarityOptions.find((option) => option.value === rarity)?.label).toBe(label);
    expect(rarityIds[rarity]).toBe(id);
    expect(rarityOfId(id)).toBe(rarity);
    expect(priceDatabaseRarityKeys[rarity]).toBe(key);
    expect(priceSiteRarityCodes[rarity]).toBe(code);
    expect(rarityOfPriceDatabaseKey(key)).toBe(rarity);
    expect(rarityOfPriceSiteCode(code)).toBe(rarity);
  });

  it('falls back to any for unknown ids and keys', () => {
    expect(rarityOfId(94)).toBe('any');
    expect(rarityOfPriceDatabaseKey('gold_totw')).toBe('any');
    expect(rarityOfPriceSiteCode('nope')).toBe('any');
  });
});

describe('quality', () => {
  it.each([
    [64, 'bronze'],
    [65, 'silver'],
    [74, 'silver'],
    [75, 'gold'],
  ] as const)('rating %i is %s', (rating, quality) => {
    expect(qualityOfRating(rating)).toBe(quality);
  });

  it('makes every non-common, non-rare card special', () => {
    expect(qualityOfCard(80, 1)).toBe('gold');
    expect(qualityOfCard(60, 0)).toBe('bronze');
    expect(qualityOfCard(80, 3)).toBe('special');
  });
});

describe('filter enumerations', () => {
  it('labels filter kinds, follow-ups, search options and durations', () => {
    expect(filterTypeLabels).toEqual({
      normal: 'Normal',
      rarity: '59th Minute',
      fodder: 'Fodder',
      transfer: 'Transfer',
    });
    expect(followUpActionOptions.map((option) => option.label)).toEqual([
      'Send to club',
      'List on transfer list',
      'Send to transfer list',
      'Quick sell',
      'List at a price-site price',
    ]);
    expect(searchOptionLabels).toEqual({ cheapest: 'Cheapest', top_to_bottom: 'Top to bottom' });
    expect(listingDurationOptions).toEqual([
      { value: 3600, label: '1 Hour' },
      { value: 10800, label: '3 Hour' },
      { value: 21600, label: '6 Hours' },
      { value: 43200, label: '12 Hours' },
      { value: 86400, label: '1 Day' },
      { value: 259200, label: '3 Days' },
    ]);
  });

  it('converts time units to milliseconds', () => {
    expect(toMilliseconds(2, 'minutes')).toBe(120_000);
    expect(toMilliseconds(3, 'seconds')).toBe(3000);
    expect(toMilliseconds(7, 'milliseconds')).toBe(7);
  });
});

describe('chemistry styles', () => {
  it('runs from Any (-1) through Basic 250 to GK Basic 273', () => {
    expect(chemistryStyleOptions).toHaveLength(25);
    expect(chemistryStyleOptions[0]).toEqual({ value: -1, label: 'Any' });
    expect(chemistryStyleOptions[1]).toEqual({ value: 250, label: 'Basic' });
    expect(chemistryStyleOptions.at(-1)).toEqual({ value: 273, label: 'GK Basic' });
    expect(chemistryStyleLabel(266)).toBe('Hunter');
    expect(chemistryStyleLabel(5)).toBe('Any');
    expect(isGoalkeeperChemistryStyle(271)).toBe(true);
    expect(isGoalkeeperChemistryStyle(251)).toBe(false);
  });
});

describe('positions', () => {
  it('lists Any, the three groups, then single positions', () => {
    expect(positionOptions.map((option) => option.label)).toEqual([
      'Any',
      'Defenders',
      'Midfielders',
      'Attackers',
      'GK',
      'RWB',
      'RB',
      'CB',
      'LB',
      'LWB',
      'CDM',
      'RM',
      'CM',
      'LM',
      'CAM',
      'CF',
      'RW',
      'ST',
      'LW',
    ]);
    expect(positionGroupIds).toEqual({ defenders: 130, midfielders: 131, attackers: 132 });
  });

  it('searches a group by its zone id and a position by its code', () => {
    expect(positionSearchValue('any')).toBeUndefined();
    expect(positionSearchValue('midfielders')).toBe(131);
    expect(positionSearchValue('ST')).toBe('ST');
    expect(positionMatches('attackers', 'ST')).toBe(true);
    expect(positionMatches('defenders', 'ST')).toBe(false);
    expect(positionMatches('GK', 'GK')).toBe(true);
  });

  it('maps position codes to EA position ids and back', () => {
    expect(positionIdOfCode('GK')).toBe(0);
    expect(positionIdOfCode('ST')).toBe(25);
    expect(positionCodeOfId(27)).toBe('LW');
    expect(positionIdOfCode('XX')).toBeUndefined();
    expect(positionCodeOfId(99)).toBeUndefined();
  });
});

describe('account status', () => {
  it('shows upper-case badges, runs while active, on break or waiting for an agent, and sorts by status text', () => {
    expect(accountStatusBadge('thresholds_met')).toBe('THRESHOLDS MET');
    expect(accountStatusBadge('waiting')).toBe('WAITING FOR AN AGENT');
    expect(isAccountRunning('active')).toBe(true);
    expect(isAccountRunning('break')).toBe(true);
    expect(isAccountRunning('waiting')).toBe(true);
    expect(isAccountRunning('logging_in')).toBe(false);
    expect(isAccountRunning('ready')).toBe(false);
    const rows = [
      { status: 'ready' as const },
      { status: 'active' as const },
      { status: 'inactive' as const },
    ];
    expect([...rows].sort(compareByStatusText).map((row) => row.status)).toEqual([
      'active',
      'inactive',
      'ready',
    ]);
  });
});

describe('platformOf', () => {
  it('reads a console account as ps, a PC account or no account as PC', () => {
    expect(platformOf({ platform: 'ps' })).toBe('ps');
    expect(platformOf({ platform: 'pc' })).toBe('pc');
    expect(platformOf({ platform: null })).toBe('pc');
    expect(platformOf(undefined)).toBe('pc');
  });
});
