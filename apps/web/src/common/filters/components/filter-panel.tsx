import { filterTypeLabels } from '@tradedesk/domain';
import type { FilterWorkspace } from '../state/use-filter-workspace';
import { FilterForm } from './filter-form';
import { FodderFilterForm } from './fodder-filter-form';
import { FilterToolbar } from './filter-toolbar';

const NONE = '__none__';
const UNSAVED = '__unsaved__';
const keyOf = (id: string | undefined) => id ?? UNSAVED;
const refOf = (key: string) => (key === UNSAVED ? null : key);

/**
 * The filter configuration panel (spec §2): Select Filter, chips of the selection, a tab per
 * filter and the open filter's form.
 */
export function FilterPanel({ workspace }: { workspace: FilterWorkspace }) {
  const { filters, selected, activeFilter } = workspace;
  const unsaved = workspace.filters.find((filter) => filter.id === undefined);
  const savedOnly = filters.filter((filter) => filter.id !== undefined);
  return (
    <section className="flex flex-col gap-3" aria-label="Filter configuration">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label className="flex min-w-48 flex-1 flex-col gap-1">
          <span className="text-sm font-medium">Select Filter</span>
          <select
            className="select select-sm w-full"
            value={selected[0] ? keyOf(selected[0].id) : NONE}
            onChange={(event) =>
              event.target.value === NONE ? workspace.clear() : workspace.select(refOf(event.target.value))
            }
          >
            <option value={NONE}>None</option>
            {filters.map((filter) => (
              <option key={keyOf(filter.id)} value={keyOf(filter.id)}>
                {filter.label || 'New filter'}
              </option>
            ))}
          </select>
        </label>
        <FilterToolbar workspace={workspace} />
      </div>
      <p className="text-sm opacity-80">
        Ensure that you select at least one filter before proceeding to snipe
      </p>
      {selected.length > 0 && (
        <div className="flex flex-wrap gap-2" aria-label="Selected filters">
          {selected.map((filter) => (
            <button
              key={keyOf(filter.id)}
              type="button"
              className="badge badge-primary gap-1"
              aria-label={`Remove ${filter.label || 'New filter'}`}
              onClick={() => workspace.deselect(filter.id ?? null)}
            >
              {filter.label || 'New filter'} ✕
            </button>
          ))}
        </div>
      )}
      {filters.length > 0 && (
        <div role="tablist" className="tabs tabs-border overflow-x-auto">
          {[...savedOnly, ...(unsaved ? [unsaved] : [])].map((filter) => (
            <button
              key={keyOf(filter.id)}
              type="button"
              role="tab"
              aria-selected={filter === activeFilter}
              className={`tab whitespace-nowrap ${filter === activeFilter ? 'tab-active' : ''}`}
              onClick={() => workspace.openTab(filter.id ?? null)}
            >
              {filter.label || 'New filter'}
              <span className="badge badge-ghost badge-xs ml-1">{filterTypeLabels[filter.type]}</span>
            </button>
          ))}
        </div>
      )}
      {activeFilter?.type === 'fodder' ? (
        <FodderFilterForm
          key={keyOf(activeFilter.id)}
          filter={activeFilter}
          filters={filters}
          onSaved={(stored, previousRef) => workspace.saved(stored, previousRef)}
        />
      ) : activeFilter ? (
        <FilterForm
          key={keyOf(activeFilter.id)}
          filter={activeFilter}
          filters={filters}
          onSaved={(stored, previousRef) => workspace.saved(stored, previousRef)}
        />
      ) : (
        <p className="text-sm opacity-70">No filters yet: add a Normal, 59th Minute or Fodder filter.</p>
      )}
    </section>
  );
}
