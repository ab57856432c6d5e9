export { FilterPanel } from './components/filter-panel';
export { useFilterWorkspace, type FilterWorkspace } from './state/use-filter-workspace';
export { useSnipeFilters, filtersQueryKey, type SnipePanelFilter } from './api/get-filters';
export { ImportFilterModal, ShareFilterModal, DeleteFilterModal } from './components/filter-toolbar';
export { PriceInput } from './components/price-input';
export { PlayerNameField } from './components/player-name-field';
export type { PlayerSuggestion } from './api/get-player-suggestions';
export { useSaveFilter } from './api/filter-mutations';
