import { messages } from '../messages.js';

/**
 * Filter selection in the configuration panel, as pure functions over the user's filter
 * list. A filter without an id is the (single) new, unsaved filter; `null` refers to it.
 */
export interface SelectableFilter {
  id?: string | undefined;
  label: string;
  isSelected?: boolean | undefined;
}

/** A filter's id, or null for the unsaved one. */
export type FilterRef = string | null;

export type EditResult<F> = { ok: true; filters: F[] } | { ok: false; message: string };

function refOf(filter: SelectableFilter): FilterRef {
  return filter.id ?? null;
}

function isRef(filter: SelectableFilter, ref: FilterRef): boolean {
  return refOf(filter) === ref;
}

/** The selected filters, in list order. */
export function selectedFilters<F extends SelectableFilter>(filters: readonly F[]): F[] {
  return filters.filter((filter) => filter.isSelected === true);
}

/** The unsaved filter, if any. */
export function unsavedFilter<F extends SelectableFilter>(filters: readonly F[]): F | undefined {
  return filters.find((filter) => filter.id === undefined);
}

/**
 * Chooses a filter. With rotation off it becomes the only selected one; with rotation on
 * it joins the selection.
 */
export function selectFilter<F extends SelectableFilter>(
  filters: readonly F[],
  ref: FilterRef,
  isRotationEnabled: boolean,
): F[] {
  return filters.map((filter) => {
    if (isRef(filter, ref)) return { ...filter, isSelected: true };
    return isRotationEnabled ? filter : { ...filter, isSelected: false };
  });
}

/** Clicking a chip removes that filter from the selection. */
export function deselectFilter<F extends SelectableFilter>(filters: readonly F[], ref: FilterRef): F[] {
  return filters.map((filter) => (isRef(filter, ref) ? { ...filter, isSelected: false } : filter));
}

/** The dropdown's 'None' clears the selection. */
export function clearSelection<F extends SelectableFilter>(filters: readonly F[]): F[] {
  return filters.map((filter) => ({ ...filter, isSelected: false }));
}

/** Turning rotation off with several filters selected keeps only the first. */
export function applyRotationSetting<F extends SelectableFilter>(
  filters: readonly F[],
  isRotationEnabled: boolean,
): F[] {
  if (isRotationEnabled) return [...filters];
  const first = selectedFilters(filters)[0];
  return filters.map((filter) =>
    filter === first || !filter.isSelected ? filter : { ...filter, isSelected: false },
  );
}

/** Adds a new, unsaved filter (selected as if chosen); only one may exist at a time. */
export function addUnsavedFilter<F extends SelectableFilter>(
  filters: readonly F[],
  draft: F,
  isRotationEnabled: boolean,
): EditResult<F> {
  if (unsavedFilter(filters)) return { ok: false, message: messages.unsavedFilterExists };
  const withDraft = [...filters, { ...draft, id: undefined }];
  return { ok: true, filters: selectFilter(withDraft, null, isRotationEnabled) };
}

/** The add menu is hidden while an unsaved filter exists. */
export function canAddFilter(filters: readonly SelectableFilter[]): boolean {
  return unsavedFilter(filters) === undefined;
}

/** Share and delete show only when more than one saved filter exists. */
export function canShareOrDelete(filters: readonly SelectableFilter[]): boolean {
  return filters.filter((filter) => filter.id !== undefined).length > 1;
}

/**
 * Deletes a filter. The unsaved filter is simply dropped; a saved one cannot be deleted
 * when it is the only saved filter left.
 */
export function deleteFilter<F extends SelectableFilter>(
  filters: readonly F[],
  ref: FilterRef,
): EditResult<F> {
  const target = filters.find((filter) => isRef(filter, ref));
  if (!target) return { ok: false, message: messages.couldNotFindFilter };
  if (ref !== null && !canShareOrDelete(filters))
    return { ok: false, message: messages.cannotDeleteLastFilter };
  return { ok: true, filters: filters.filter((filter) => filter !== target) };
}

/**
 * After a save, the stored filter (now with an id) replaces its draft or its old version
 * and is reselected by its id, keeping whatever was selected before.
 */
export function applySavedFilter<F extends SelectableFilter>(
  filters: readonly F[],
  saved: F & { id: string },
  previousRef: FilterRef,
): F[] {
  const previous = filters.find((filter) => isRef(filter, previousRef));
  const stored = { ...saved, isSelected: previous?.isSelected ?? saved.isSelected };
  const exists = filters.some((filter) => filter === previous);
  const replaced = filters.map((filter) => (filter === previous ? stored : filter));
  return exists ? replaced : [...replaced, stored];
}

/** Reapplies selected ids to a refetched filter list (selection survives a refetch). */
export function reselectByIds<F extends SelectableFilter>(
  filters: readonly F[],
  selectedIds: readonly string[],
): F[] {
  return filters.map((filter) => ({
    ...filter,
    isSelected: filter.id !== undefined && selectedIds.includes(filter.id),
  }));
}

/** A filter whose label (trimmed, any case) another filter already has is rejected. */
export function duplicateLabelError(
  filters: readonly SelectableFilter[],
  candidate: SelectableFilter,
): string | null {
  const label = candidate.label.trim().toLowerCase();
  // Compare with the other filters only: the candidate may itself be in the list.
  const clash = filters.some(
    (filter) => filter.id !== candidate.id && filter.label.trim().toLowerCase() === label,
  );
  return clash ? messages.duplicateLabel : null;
}

/**
 * What a run's filter selection starts on: the filters the account last used that still exist;
 * else, when the user has exactly one saved filter, that one (a single filter is the only sensible
 * choice); else nothing, so the user picks among several rather than running one by chance.
 */
export function startingSelectionIds(
  saved: readonly SelectableFilter[],
  lastUsedIds: readonly string[],
): string[] {
  const savedIds = saved.flatMap((filter) => (filter.id === undefined ? [] : [filter.id]));
  const stillSaved = lastUsedIds.filter((id) => savedIds.includes(id));
  if (stillSaved.length > 0) return stillSaved;
  return savedIds.length === 1 ? savedIds : [];
}
