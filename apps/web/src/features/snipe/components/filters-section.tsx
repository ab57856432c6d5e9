import type { SnipeRehearseInput } from '@tradedesk/domain';
import { lazy, Suspense, useState } from 'react';
import type { HubError } from '../live/use-snipe-live';

// The filter editor (forms, the form library, the schemas) loads when the section is first opened.
const FiltersPanel = lazy(() =>
  import('./filters-panel').then((module) => ({ default: module.FiltersPanel })),
);

/**
 * Filters have a place of their own on /snipe: create, edit, share and delete them here, then
 * choose them per account (row dropdown or Start Snipe). Selecting here starts nothing.
 */
export function FiltersSection({
  onRehearse,
  lastHubError,
}: {
  /** Sends `snipe-rehearse` over the snipe hub. */
  onRehearse: (input: SnipeRehearseInput) => boolean;
  /** The snipe hub's last refusal: a rehearsal being started was refused when a new one arrives. */
  lastHubError?: HubError | undefined;
}) {
  // Drawn once opened: closed, the editor was the dashboard's largest render, hidden, on every
  // load. Once drawn it stays, so a draft survives closing the section.
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <details
      className="collapse-arrow bg-base-200 border-base-300 collapse border"
      onToggle={(event) => event.currentTarget.open && setHasOpened(true)}
    >
      <summary className="collapse-title font-semibold">Filters</summary>
      <div className="collapse-content">
        {hasOpened && (
          <Suspense
            fallback={<span className="loading loading-spinner" role="status" aria-label="Loading filters" />}
          >
            <FiltersPanel onRehearse={onRehearse} lastHubError={lastHubError} />
          </Suspense>
        )}
      </div>
    </details>
  );
}
