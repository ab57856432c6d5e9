import { defaultAdvancedConfig } from '@tradedesk/domain';
import { useConfiguration } from '../../configuration';
import { FilterPanel, useFilterWorkspace, useSnipeFilters } from '../../filters';
import { PanelErrorBoundary } from './panel-error-boundary';

/**
 * Filters have a place of their own on /snipe: create, edit, share and delete them here, then
 * choose them per account (row dropdown or Start Snipe). Selecting here starts nothing.
 */
export function FiltersSection() {
  const filters = useSnipeFilters();
  const rotation = (useConfiguration().data?.advanced ?? defaultAdvancedConfig()).rotation;
  const workspace = useFilterWorkspace({
    saved: filters.data ?? [],
    initialSelectedIds: [],
    isRotationEnabled: rotation.isEnabled,
  });
  return (
    <details className="collapse-arrow bg-base-200 border-base-300 collapse border">
      <summary className="collapse-title font-semibold">Filters</summary>
      <div className="collapse-content">
        {filters.isPending ? (
          <span className="loading loading-spinner" role="status" aria-label="Loading filters" />
        ) : (
          <PanelErrorBoundary name="Filters">
            <FilterPanel workspace={workspace} />
          </PanelErrorBoundary>
        )}
      </div>
    </details>
  );
}
