import { defaultAdvancedConfig, startingSelectionIds, type SnipeRehearseInput } from '@tradedesk/domain';
import { useConfiguration } from '../../../common/configuration';
import {
  FilterPanel,
  useFilterWorkspace,
  useSnipeFilters,
  type SnipePanelFilter,
} from '../../../common/filters';
import type { HubError } from '../live/use-snipe-live';
import { RehearsalPanel } from '../rehearsal';
import { PanelErrorBoundary } from './panel-error-boundary';

type FiltersPanelProps = {
  onRehearse: (input: SnipeRehearseInput) => boolean;
  lastHubError?: HubError | undefined;
};

/**
 * What the dashboard's Filters section holds once opened: the filter editor and the rehearsal. The
 * filters load before the selection starts, so it can start on the only saved filter (as Snipe
 * Configuration does): its rehearsal result shows and Rehearse is ready without choosing it again.
 */
export function FiltersPanel(props: FiltersPanelProps) {
  const filters = useSnipeFilters();
  if (filters.isPending)
    return <span className="loading loading-spinner" role="status" aria-label="Loading filters" />;
  return <FiltersWorkspace {...props} saved={filters.data ?? []} />;
}

function FiltersWorkspace({
  onRehearse,
  lastHubError,
  saved,
}: FiltersPanelProps & { saved: readonly SnipePanelFilter[] }) {
  const rotation = (useConfiguration().data?.advanced ?? defaultAdvancedConfig()).rotation;
  const workspace = useFilterWorkspace({
    saved,
    initialSelectedIds: startingSelectionIds(saved, []),
    isRotationEnabled: rotation.isEnabled,
  });
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
