import { describe, expect, it } from 'vitest';
import {
  addUnsavedFilter,
  applyRotationSetting,
  applySavedFilter,
  canAddFilter,
  canShareOrDelete,
  clearSelection,
  deleteFilter,
  deselectFilter,
  duplicateLabelError,
  reselectByIds,
  selectedFilters,
  selectFilter,
  startingSelectionIds,
  type SelectableFilter,
} from './filter-selection.js';

const saved = (id: string, isSelected = false): SelectableFilter => ({
  id,
  label: id.toUpperCase(),
  isSelected,
});
const selectedIds = (filters: SelectableFilter[]) =>
  selectedFilters(filters).map((filter) => filter.id ?? 'new');

describe('choosing filters', () => {
  const list = [saved('a', true), saved('b'), saved('c')];

  it('keeps only the chosen filter with rotation off', () => {
    expect(selectedIds(selectFilter(list, 'b', false))).toEqual(['b']);
  });

  it('adds to the selection with rotation on', () => {
    expect(selectedIds(selectFilter(list, 'c', true))).toEqual(['a', 'c']);
  });

  it('removes a filter when its chip is clicked, and None clears all', () => {
    const both = selectFilter(list, 'b', true);
    expect(selectedIds(deselectFilter(both, 'a'))).toEqual(['b']);
    expect(selectedIds(clearSelection(both))).toEqual([]);
  });

  it('keeps only the first selected filter when rotation is turned off', () => {
    const three = [saved('a'), saved('b', true), saved('c', true)];
    expect(selectedIds(applyRotationSetting(three, false))).toEqual(['b']);
    expect(selectedIds(applyRotationSetting(three, true))).toEqual(['b', 'c']);
  });
});

describe('the unsaved filter', () => {
  it('is added selected, and only one may exist at a time', () => {
    const first = addUnsavedFilter([saved('a', true)], { label: 'New' }, false);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(selectedIds(first.filters)).toEqual(['new']);
    expect(canAddFilter(first.filters)).toBe(false);
    expect(addUnsavedFilter(first.filters, { label: 'Other' }, false)).toEqual({
      ok: false,
      message: 'Save or discard the new filter before adding another one',
    });
  });

  it('is reselected by its id after saving', () => {
    const added = addUnsavedFilter([saved('a')], { label: 'New' }, false);
    if (!added.ok) throw new Error('expected the draft to be added');
    const afterSave = applySavedFilter(added.filters, { id: 'n1', label: 'New' }, null);
    expect(afterSave.map((filter) => filter.id)).toEqual(['a', 'n1']);
    expect(selectedIds(afterSave)).toEqual(['n1']);
    expect(selectedIds(reselectByIds([saved('a'), saved('n1')], ['n1']))).toEqual(['n1']);
  });

  it('is simply dropped on delete, even when it is the only other filter', () => {
    const added = addUnsavedFilter([saved('a')], { label: 'New' }, false);
    if (!added.ok) throw new Error('expected the draft to be added');
    const result = deleteFilter(added.filters, null);
    expect(result).toEqual({ ok: true, filters: [saved('a')] });
  });
});

describe('deleting and sharing', () => {
  it('cannot delete the last saved filter', () => {
    expect(deleteFilter([saved('a')], 'a')).toEqual({
      ok: false,
      message: 'You cannot delete the last filter',
    });
    expect(deleteFilter([saved('a'), saved('b')], 'a')).toEqual({ ok: true, filters: [saved('b')] });
    expect(deleteFilter([saved('a'), saved('b')], 'zzz')).toEqual({
      ok: false,
      message: 'Could not find filter',
    });
  });

  it('shows share and delete only with more than one saved filter', () => {
    expect(canShareOrDelete([saved('a'), { label: 'draft' }])).toBe(false);
    expect(canShareOrDelete([saved('a'), saved('b')])).toBe(true);
  });
});

describe('labels', () => {
  it('rejects a label another filter already has', () => {
    const list = [saved('a'), { label: 'Draft' }];
    expect(duplicateLabelError(list, { label: ' a ' })).toBe('Filter with the same label already exists');
    expect(duplicateLabelError(list, { label: 'Draft' })).toBeNull();
    expect(duplicateLabelError(list, { id: 'a', label: 'A' })).toBeNull();
  });
});

describe('the selection a run starts on', () => {
  it('is the only saved filter when the user has one', () => {
    expect(startingSelectionIds([saved('a')], [])).toEqual(['a']);
  });

  it("is the account's last used filters that still exist", () => {
    expect(startingSelectionIds([saved('a'), saved('b'), saved('c')], ['c', 'gone', 'b'])).toEqual([
      'c',
      'b',
    ]);
    expect(startingSelectionIds([saved('a')], ['gone'])).toEqual(['a']);
  });

  it('is nothing with several filters and none used before, nor with none saved', () => {
    expect(startingSelectionIds([saved('a'), saved('b')], [])).toEqual([]);
    expect(startingSelectionIds([], [])).toEqual([]);
    expect(startingSelectionIds([{ label: 'Draft' }], [])).toEqual([]);
  });
});
