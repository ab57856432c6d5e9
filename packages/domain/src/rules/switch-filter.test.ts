import { describe, expect, it } from 'vitest';
import { resolveFilterSwitch } from './switch-filter.js';

const filters = [{ id: 'f1', label: 'Mbappe' }, { id: 'f2', label: 'Vini' }, { label: 'Draft' }];

describe('switch filter', () => {
  const account = { id: 'a1' };

  it.each([
    ['an unknown account', undefined, 'Vini', ['f1'], 'Could not find account'],
    ['an unknown label', account, 'Haaland', ['f1'], 'Filter not found'],
    ['a filter never saved', account, 'Draft', ['f1'], 'Could not find filter'],
    ['the filter already running', account, 'Mbappe', ['f1'], 'Filter already selected'],
  ])('refuses %s', (_case, acc, label, current, message) => {
    expect(resolveFilterSwitch({ account: acc, filters, currentFilterIds: current, label })).toEqual({
      ok: false,
      message,
    });
  });

  it('returns the new filter when it differs from the running one', () => {
    expect(resolveFilterSwitch({ account, filters, currentFilterIds: ['f1'], label: 'Vini' })).toEqual({
      ok: true,
      filter: { id: 'f2', label: 'Vini' },
    });
  });

  it('lets a rotating account switch down to one of its filters', () => {
    const result = resolveFilterSwitch({ account, filters, currentFilterIds: ['f1', 'f2'], label: 'Mbappe' });
    expect(result.ok).toBe(true);
  });
});
