import { REHEARSAL_SPAN_MINUTES, type SnipeRehearseInput } from '@tradedesk/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIsSavingRunInput } from '../../../../lib/run-inputs';
import type { HubError } from '../../live/use-snipe-live';
import { useRehearsal } from '../api/get-rehearsal';

// The result draws a chart (recharts, its own chunk): loaded when a rehearsal has a result to show.
const RehearsalResultView = lazy(() =>
  import('./rehearsal-result').then((module) => ({ default: module.RehearsalResultView })),
);

const spanChoices = [15, 30, 60, 120, 240] as const;
/** After this long without the new rehearsal appearing (and no refusal heard), the page stops waiting. */
const START_WAIT_MS = 30_000;

/**
 * "Rehearse in sandbox": runs the selected saved filters with the user's configuration for a
 * virtual span on a sandbox market seeded from the price database, beside the classic autobuyer,
 * and shows the latest result of these filters as they are now.
 */
export function RehearsalPanel({
  filters,
  onRehearse,
  lastHubError,
}: {
  /** The selected saved filters (an unsaved draft cannot be rehearsed). */
  filters: readonly { id: string; label: string }[];
  /** Sends `snipe-rehearse`; false when the snipe service is unreachable. */
  onRehearse: (input: SnipeRehearseInput) => boolean;
  /**
   * The snipe hub's last refusal (`seq` grows with each). One heard while starting is the start's
   * refusal ('No agent is free to rehearse right now…'): the panel stops saying 'Starting the
   * sandbox worlds…' and shows why, instead of waiting half a minute beside the toast.
   */
  lastHubError?: HubError | undefined;
}) {
  const filterIds = filters.map((filter) => filter.id);
  const [spanMinutes, setSpanMinutes] = useState<number>(REHEARSAL_SPAN_MINUTES.default);
  /** The rehearsal shown when Rehearse was pressed: a different one means ours has started. */
  const [startingAfter, setStartingAfter] = useState<string | null | undefined>(undefined);
  const isStarting = startingAfter !== undefined;
  const rehearsal = useRehearsal(filterIds, isStarting);
  const latest = rehearsal.data ?? null;
  const startTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The hub's refusal count when Rehearse was pressed: a higher one is this start's refusal. */
  const errorSeqAtStart = useRef(0);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const refetch = rehearsal.refetch;

  useEffect(() => {
    if (isStarting && (latest?.id ?? null) !== startingAfter) setStartingAfter(undefined);
  }, [isStarting, latest?.id, startingAfter]);
  useEffect(() => {
    if (!isStarting || lastHubError === undefined || lastHubError.seq <= errorSeqAtStart.current) return;
    clearTimeout(startTimer.current);
    setStartingAfter(undefined);
    setRefusal(lastHubError.description);
    // Read once more: had the refusal been another action's, the rehearsal that did start shows.
    void refetch();
  }, [isStarting, lastHubError, refetch]);
  useEffect(() => () => clearTimeout(startTimer.current), []);
  // A refusal is about the filters it was asked for.
  const filterKey = filterIds.join(',');
  useEffect(() => setRefusal(undefined), [filterKey]);

  const isRunning = isStarting || latest?.status === 'running';
  // The server rehearses the filters and settings it has stored: an edit being saved would be missed.
  const isSaving = useIsSavingRunInput();
  const rehearse = () => {
    errorSeqAtStart.current = lastHubError?.seq ?? 0;
    setRefusal(undefined);
    if (!onRehearse({ filterIds, spanMinutes })) return;
    setStartingAfter(latest?.id ?? null);
    clearTimeout(startTimer.current);
    startTimer.current = setTimeout(() => setStartingAfter(undefined), START_WAIT_MS);
  };

  return (
    <section className="card bg-base-100 border-base-300 border" aria-label="Rehearse in sandbox">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-end gap-2">
          <h3 className="card-title mr-auto text-base">Rehearse in sandbox</h3>
          <label className="flex flex-col gap-1">
            <span className="text-sm">Virtual span</span>
            <select
              className="select select-sm"
              value={spanMinutes}
              onChange={(event) => setSpanMinutes(Number(event.target.value))}
              disabled={isRunning}
            >
              {spanChoices.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes > 60 ? 's' : ''}`}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={filterIds.length === 0 || isRunning || isSaving}
            onClick={rehearse}
          >
            {isRunning ? 'Rehearsing…' : 'Rehearse in sandbox'}
          </button>
        </div>
        {filterIds.length === 0 ? (
          <p className="text-sm opacity-70">
            Select a saved filter above to try it on a sandbox market before risking an account.
          </p>
        ) : (
          <p className="text-sm opacity-70">
            Runs {filters.map((filter) => filter.label).join(', ')} with your configuration against a sandbox
            world seeded from the price database, beside the classic autobuyer on the same world.
          </p>
        )}
        {isRunning && (
          <div className="flex flex-col gap-1" role="status" aria-label="Rehearsal progress">
            <progress
              className="progress progress-primary w-full"
              value={latest?.status === 'running' ? Math.round(latest.progress * 100) : 0}
              max={100}
            />
            <span className="text-sm">
              {latest?.status === 'running'
                ? `Rehearsing: ${Math.round(latest.progress * 100)} % of ${latest.spanMinutes} virtual minutes`
                : 'Starting the sandbox worlds…'}
            </span>
          </div>
        )}
        {!isRunning && refusal !== undefined && (
          <p className="text-error text-sm" role="alert">
            {refusal}
          </p>
        )}
        {!isRunning && refusal === undefined && latest?.status === 'failed' && (
          <p className="text-error text-sm" role="alert">
            {latest.message}
          </p>
        )}
        {!isRunning && latest?.status === 'done' && latest.result && (
          <Suspense fallback={<p className="text-sm">Loading the rehearsal result…</p>}>
            <RehearsalResultView result={latest.result} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
