import { defaultAdvancedConfig, type SnipeRehearseInput } from '@tradedesk/domain';
import { useConfiguration } from '../../../common/configuration';
import { FilterPanel, useFilterWorkspace, useSnipeFilters } from '../../../common/filters';
import type { HubError } from '../live/use-snipe-live';
import { RehearsalPanel } from '../rehearsal';
import { PanelErrorBoundary } from './panel-error-boundary';

/** What the dashboard's Filters section holds once opened: the filter editor and the rehearsal. */
export function FiltersPanel({
  onRehearse,
  lastHubError,
}: {
  onRehearse: (input: SnipeRehearseInput) => boolean;
  lastHubError?: HubError | undefined;
}) {
  const filters = useSnipeFilters();
  const rotation = (useConfiguration().data?.advanced ?? defaultAdvancedConfig()).rotation;
  const workspace = useFilterWorkspace({
    saved: filters.data ?? [],
    initialSelectedIds: [],
    isRotationEnabled: rotation.isEnabled,
  });
  if (filters.isPending)
    return <span className="loading loading-spinner" role="status" aria-label="Loading filters" />;
  return (
    <PanelErrorBoundary name="Filters">
      <div className="flex flex-col gap-4">
        <FilterPanel workspace={workspace} />
        <RehearsalPanel
          filters={workspace.selected.flatMap((filter) =>
            filter.id === undefined ? [] : [{ id: filter.id, label: filter.label }],
          )}
          onRehearse={onRehearse}
          lastHubError={lastHubError}
        />
      </div>
    </PanelErrorBoundary>
  );
}
