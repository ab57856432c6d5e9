import { defaultAdvancedConfig, type SnipeRehearseInput } from '@tradedesk/domain';
import { useConfiguration } from '../../../common/configuration';
import { FilterPanel, useFilterWorkspace, useSnipeFilters } from '../../../common/filters';
import { RehearsalPanel } from '../rehearsal';
import { PanelErrorBoundary } from './panel-error-boundary';

/**
 * Filters have a place of their own on /snipe: create, edit, share and delete them here, then
 * choose them per account (row dropdown or Start Snipe). Selecting here starts nothing.
 */
export function FiltersSection({
  onRehearse,
}: {
  /** Sends `snipe-rehearse` over the snipe hub. */
  onRehearse: (input: SnipeRehearseInput) => boolean;
}) {
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
            <div className="flex flex-col gap-4">
              <FilterPanel workspace={workspace} />
              <RehearsalPanel
                filters={workspace.selected.flatMap((filter) =>
                  filter.id === undefined ? [] : [{ id: filter.id, label: filter.label }],
                )}
                onRehearse={onRehearse}
              />
            </div>
          </PanelErrorBoundary>
        )}
      </div>
    </details>
  );
}
