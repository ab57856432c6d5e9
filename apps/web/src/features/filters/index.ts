export { FilterPanel } from './components/filter-panel';
export { useFilterWorkspace, type FilterWorkspace } from './state/use-filter-workspace';
export { useSnipeFilters, filtersQueryKey, type SnipePanelFilter } from './api/get-filters';
