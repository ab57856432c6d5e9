import { describe, expect, it } from 'vitest';
import {
  defaultFodderFilter,
  defaultNormalFilter,
  defaultRarityFilter,
  defaultTransferFilter,
  type Filter,
} from '../schemas/filters/index.js';
import { snipeModeOf, snipeStartError } from './snipe-start.js';

const named = (label: string): Filter => ({ ...defaultNormalFilter(label), name: label });
const unnamed = (label: string): Filter => defaultNormalFilter(label);
const multi = (label = '59th Minute'): Filter => defaultRarityFilter(label);
const fodder = (label = 'Fodder'): Filter => defaultFodderFilter(label);

const off = { isEnabled: false };
const on = { isEnabled: true };

describe('before a snipe starts', () => {
  it.each<[string, Filter[], { isEnabled: boolean }, string | null]>([
    ['nothing selected', [], off, 'You need to select at least one filter.'],
    ['one normal filter', [unnamed('a')], off, null],
    ['one multi rarity filter', [multi()], off, null],
    ['one fodder filter', [fodder()], off, null],
    ['several normal filters without rotation', [unnamed('a'), unnamed('b')], off, null],
    [
      'rotation with one filter',
      [named('a')],
      on,
      'You need at least 2 filters to enable filter rotation. Please disable filter rotation or select more filters.',
    ],
    ['rotation with two named filters', [named('a'), named('b')], on, null],
    [
      'rotation with an unnamed filter',
      [named('a'), unnamed('b')],
      on,
      'Filter rotation requires all filters to have a player name',
    ],
    [
      'rotation with a multi rarity filter',
      [multi()],
      on,
      'You cannot enable filter rotation with a multi rarity filter. Please disable filter rotation.',
    ],
    [
      'rotation with a fodder filter',
      [fodder()],
      on,
      'You cannot enable filter rotation with a fodder filter. Please disable filter rotation.',
    ],
    [
      'normal with multi rarity',
      [unnamed('a'), multi()],
      off,
      'You cannot select normal filters together with a multi rarity filter.',
    ],
    [
      'normal with fodder',
      [unnamed('a'), fodder()],
      off,
      'You cannot select normal filters together with a fodder filter.',
    ],
    [
      'multi rarity with fodder',
      [multi(), fodder()],
      off,
      'You cannot select a multi rarity filter together with a fodder filter.',
    ],
    ['two multi rarity filters', [multi('a'), multi('b')], off, 'You can only select 1 multi rarity filter.'],
    ['two fodder filters', [fodder('a'), fodder('b')], off, 'You can only select 1 fodder filter.'],
    ['a transfer filter', [defaultTransferFilter('t')], off, 'Transfer filters cannot be used to snipe.'],
  ])('%s', (_case, selected, rotation, message) => {
    expect(snipeStartError(selected, rotation)).toBe(message);
  });
});

describe('snipe mode', () => {
  it('runs a 59th Minute filter as multi rarity, others headless or headful by the setting', () => {
    expect(snipeModeOf([multi()], true)).toBe('multi_rarity');
    expect(snipeModeOf([unnamed('a')], true)).toBe('headless');
    expect(snipeModeOf([unnamed('a')], false)).toBe('headful');
  });
});
