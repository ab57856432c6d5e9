import {
  addUnsavedFilter,
  applyRotationSetting,
  canAddFilter,
  canShareOrDelete,
  clearSelection,
  defaultFodderFilter,
  defaultNormalFilter,
  defaultRarityFilter,
  deselectFilter,
  selectedFilters,
  selectFilter,
  type FilterRef,
} from '@tradedesk/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SnipePanelFilter } from '../api/get-filters';

type WorkspaceOptions = {
  saved: readonly SnipePanelFilter[];
  initialSelectedIds: readonly string[];
  isRotationEnabled: boolean;
};

export type NewFilterKind = 'normal' | 'rarity' | 'fodder';

/**
 * The filter panel's state: the saved filters plus at most one unsaved draft, which ones are
 * selected, and which tab is open. Every rule comes from the shared selection functions.
 */
export function useFilterWorkspace({ saved, initialSelectedIds, isRotationEnabled }: WorkspaceOptions) {
  const [draft, setDraft] = useState<SnipePanelFilter | null>(null);
  const [selectedRefs, setSelectedRefs] = useState<FilterRef[]>([...initialSelectedIds]);
  const [activeRef, setActiveRef] = useState<FilterRef | undefined>(initialSelectedIds[0]);

  const filters = useMemo(
    () =>
      [...saved, ...(draft ? [draft] : [])].map((filter) => ({
        ...filter,
        isSelected: selectedRefs.includes(filter.id ?? null),
      })),
    [saved, draft, selectedRefs],
  );
  const commit = (next: readonly SnipePanelFilter[]) =>
    setSelectedRefs(next.filter((filter) => filter.isSelected).map((filter) => filter.id ?? null));

  // Turning rotation off keeps only the first selected filter.
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  useEffect(() => {
    commit(applyRotationSetting(filtersRef.current, isRotationEnabled));
  }, [isRotationEnabled]);

  const openTab =
    activeRef !== undefined && filters.some((f) => (f.id ?? null) === activeRef) ? activeRef : filters[0]?.id;

  return {
    filters,
    selected: selectedFilters(filters),
    activeFilter: filters.find((filter) => (filter.id ?? null) === (openTab ?? null)),
    canAdd: canAddFilter(filters),
    canShareOrDelete: canShareOrDelete(filters),
    openTab: (ref: FilterRef) => setActiveRef(ref),
    /** Selects a filter and opens its tab: the form, Share and Delete below act on the open tab. */
    select: (ref: FilterRef) => {
      commit(selectFilter(filters, ref, isRotationEnabled));
      setActiveRef(ref);
    },
    deselect: (ref: FilterRef) => commit(deselectFilter(filters, ref)),
    clear: () => commit(clearSelection(filters)),
    /** Adds the single unsaved filter, selected and open. */
    add: (kind: NewFilterKind) => {
      const created: SnipePanelFilter =
        kind === 'normal'
          ? defaultNormalFilter()
          : kind === 'rarity'
            ? defaultRarityFilter()
            : defaultFodderFilter();
      const result = addUnsavedFilter(filters, created, isRotationEnabled);
      if (!result.ok) return result.message;
      setDraft(created);
      commit(result.filters);
      setActiveRef(null);
      return null;
    },
    /** After a save the stored filter replaces its draft and stays selected by its new id. */
    saved: (stored: { id: string }, previousRef: FilterRef) => {
      if (previousRef === null) setDraft(null);
      setSelectedRefs((refs) => refs.map((ref) => (ref === previousRef ? stored.id : ref)));
      setActiveRef(stored.id);
    },
    /** Drops a filter from the panel (the unsaved one, or a saved one the server deleted). */
    removed: (ref: FilterRef) => {
      if (ref === null) setDraft(null);
      setSelectedRefs((refs) => refs.filter((candidate) => candidate !== ref));
      setActiveRef(undefined);
    },
  };
}

export type FilterWorkspace = ReturnType<typeof useFilterWorkspace>;
