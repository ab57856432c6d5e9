import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../hooks/use-near-viewport';

export type WeeklyPoints = ReadonlyArray<{ date: string; value: number }>;

// The chart library is ~105 kB gzip, about a third of /snipe's and /transfer's JS: the page draws
// (and answers) without it, and the bars fill their box when it has loaded. The chart sits below
// the tables, so it loads only when the visitor scrolls near it (a phone's first load skips it).
const WeeklyBarPlot = lazy(() =>
  import('./weekly-bar-plot').then((module) => ({ default: module.WeeklyBarPlot })),
);

/**
 * Seven daily bars with 3 y-axis ticks rounded up to 1,000 (spec 001 §2, §9): the weekly profits
 * of /snipe and the transfer history of /transfer.
 */
export function WeeklyBarChart({
  title,
  points,
  seriesName,
}: {
  title: string;
  points: WeeklyPoints;
  seriesName: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(box);
  return (
    <section className="card bg-base-200" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <h2 className="card-title text-base">{title}</h2>
        {/* A fixed height: nothing moves when the bars arrive. */}
        <div ref={box} className="h-48 w-full">
          {isNear && (
            <Suspense fallback={<p className="sr-only">Loading the chart…</p>}>
              <WeeklyBarPlot points={points} seriesName={seriesName} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
