import { describe, expect, it } from 'vitest';
import { pricePeriodLabels, productTypeValues } from '../schemas/commerce.js';
import { chemistryStyleOptions } from './chemistry-style.js';
import { optionsOf } from './options.js';
import { filterTypeOptions, priceProviderOptions, snipeModeLabels, snipeModeValues } from './filter.js';
import {
  notificationKindValues,
  notificationTypeValues,
  screenshotOptions,
  soundOptions,
} from './notification.js';
import { fromReportPlatform, platformOptions, toReportPlatform } from './platform.js';
import { playstyleOptions, qualityIds, qualityOptions } from './quality.js';
import { transferStepLabels, transferStepValues } from './transfer-progress.js';
import { numberUnitOptions, timeUnitOptions } from './units.js';
import { accountStatusLabels, accountStatusOptions, roleLabels, tierLabels } from './user.js';

const labelsOf = (options: readonly { label: string }[]) => options.map((option) => option.label);

// Each row: the enumeration, the interface labels in the order 000 §3 / 001 §3 list them.
describe('enumerations carry the labels of section 3', () => {
  it.each<[string, readonly { label: string }[], string[]]>([
    ['platform', platformOptions, ['Console', 'PC']],
    ['quality', qualityOptions, ['Any', 'Bronze', 'Silver', 'Gold', 'Special']],
    ['time unit', timeUnitOptions, ['Seconds', 'Minutes', 'Milliseconds']],
    ['number unit', numberUnitOptions, ['Percentage', 'Fixed']],
    ['tier', optionsOf(tierLabels), ['None', 'Snipe', 'Transfer']],
    ['role', optionsOf(roleLabels), ['User', 'Admin']],
    ['playstyle', playstyleOptions, ['Any', 'Playstyle+']],
    ['filter type', filterTypeOptions, ['Normal', '59th Minute', 'Fodder', 'Transfer']],
    ['snipe mode', optionsOf(snipeModeLabels), ['Headful', 'Headless', 'Multi Rarity', 'None']],
    ['price provider', priceProviderOptions, ['futbin', 'futwiz', 'futgg']],
    ['screenshot', screenshotOptions, ['None', 'Buyer', 'Seller', 'Both']],
    ['plan period', optionsOf(pricePeriodLabels), ['Week', 'Month', 'Season']],
  ])('%s', (_name, options, labels) => {
    expect(labelsOf(options)).toEqual(labels);
  });

  it('lists the chemistry styles in the spec order, ids 250 to 273 after Any (-1)', () => {
    expect(labelsOf(chemistryStyleOptions)).toEqual([
      'Any',
      'Basic',
      'Sniper',
      'Finisher',
      'Deadeye',
      'Marksman',
      'Hawk',
      'Artist',
      'Architect',
      'Powerhouse',
      'Maestro',
      'Engine',
      'Sentinel',
      'Guardian',
      'Gladiator',
      'Backbone',
      'Anchor',
      'Hunter',
      'Catalyst',
      'Shadow',
      'Wall',
      'Shield',
      'Cat',
      'Glove',
      'GK Basic',
    ]);
    expect(chemistryStyleOptions.map((option) => option.value)).toEqual([
      -1,
      ...Array.from({ length: 24 }, (_, index) => 250 + index),
    ]);
  });

  it('lists the eight sounds by their stored names', () => {
    expect(soundOptions.map((option) => option.value)).toEqual([
      'coin',
      'drum',
      'captcha',
      'car-siren',
      'kaching',
      'military-siren',
      'mystical-chimes',
      'nuclear-buzzer',
    ]);
  });

  it('lists the server log notification types and the in-app notification kinds', () => {
    expect(notificationTypeValues).toEqual([
      'INFO',
      'ERROR',
      'DEBUG',
      'CRON',
      'PRICE',
      'SUCCESS',
      'SBC',
      'BREAK_START',
      'BREAK_END',
    ]);
    expect(notificationKindValues).toEqual(['success', 'error', 'custom', 'blank']);
  });

  it('stores snipe modes, quality ids and product types as the game and the shop know them', () => {
    expect(snipeModeValues).toEqual(['headful', 'headless', 'multi_rarity', 'none']);
    expect(qualityIds).toEqual({ any: -1, bronze: 1, silver: 2, gold: 3, special: 4 });
    expect(productTypeValues).toEqual(
      expect.arrayContaining(['snipe', 'transfer', 'credit', 'account', 'vps', 'coin', 'other']),
    );
  });

  it('starts the account statuses with the six the spec names, new accounts being Inactive', () => {
    expect(labelsOf(accountStatusOptions).slice(0, 6)).toEqual([
      'Active',
      'Inactive',
      'Error',
      'Ready',
      'Thresholds met',
      'Break',
    ]);
    expect(accountStatusLabels.inactive).toBe('Inactive');
  });

  it('spells the report platform pc or console and reads it back', () => {
    expect(toReportPlatform('pc')).toBe('pc');
    expect(toReportPlatform('ps')).toBe('console');
    expect(fromReportPlatform('console')).toBe('ps');
    expect(fromReportPlatform('pc')).toBe('pc');
  });

  it('names the transfer progress steps in order (001 §4)', () => {
    expect(transferStepValues.map((step) => transferStepLabels[step])).toEqual([
      'Idle',
      'Sync',
      'Purchase Player',
      'List Player',
      'Result',
      'Auto List',
    ]);
  });
});
