import { formatFullNumber, weeklyChartTicks } from '@tradedesk/domain';
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';

export type WeeklyPoints = ReadonlyArray<{ date: string; value: number }>;

// Plain SVG, no chart library: seven bars do not need one, and the library (~100 kB gzip,
// rendering through its own synchronous store) was the largest part of /snipe's blocking time
// on a phone, where the chart is on the first screen (docs/decisions/web.md, "Bundle").

/** Each day's column is this wide in the plot's own units; the bar leaves a gap on each side. */
const COLUMN = 10;
const BAR_GAP = 1;
const PLOT_HEIGHT = 100;

/** "11-29": the axis shows month and day; the tooltip the whole date. */
const axisDate = (date: string) => date.slice(5);

/** Where a value sits, 0 (top) to 100 (bottom) of the plot, for the ticks' range. */
function heightScale([lowest, , highest]: readonly [number, number, number]) {
  return (value: number) => PLOT_HEIGHT - ((value - lowest) / (highest - lowest)) * PLOT_HEIGHT;
}

/** The day the pointer or the keyboard points at: the tooltip shows its value. */
function useActiveDay(dayCount: number) {
  const [active, setActive] = useState<number | null>(null);
  const clamp = (index: number) => Math.min(dayCount - 1, Math.max(0, index));
  const keyMoves: Record<string, (current: number) => number> = {
    ArrowLeft: (current) => current - 1,
    ArrowRight: (current) => current + 1,
    Home: () => 0,
    End: () => dayCount - 1,
  };
  return {
    active,
    onMouseMove: (event: MouseEvent<SVGSVGElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      if (box.width > 0) setActive(clamp(Math.floor(((event.clientX - box.left) / box.width) * dayCount)));
    },
    onMouseLeave: () => setActive(null),
    // A keyboard user lands on today, the bar a user checks first.
    onFocus: () => setActive((current) => current ?? dayCount - 1),
    onBlur: () => setActive(null),
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => {
      if (event.key === 'Escape') return setActive(null);
      const move = keyMoves[event.key];
      if (!move) return;
      event.preventDefault();
      setActive((current) => clamp(move(current ?? dayCount - 1)));
    },
  };
}

/**
 * Seven daily bars with 3 y-axis ticks rounded up to 1,000 (spec 001 §2, §9): the weekly profits
 * of /snipe and the transfer history of /transfer. The plot is an image named by the title and
 * described by every day's value; hovering a day, or focusing the plot and moving with the arrow
 * keys, shows that day's value (announced as a status).
 */
export function WeeklyBarChart({
  title,
  points,
  seriesName,
  emptyText,
  isLoading = false,
}: {
  title: string;
  points: WeeklyPoints;
  seriesName: string;
  /**
   * Said over the plot when every day is 0 (a new user's week), so the card does not look
   * broken.
   */
  emptyText?: string | undefined;
  /** The statistics are still loading: their zeros are no empty week yet. */
  isLoading?: boolean;
}) {
  const headingId = useId();
  const descriptionId = useId();
  const ticks = weeklyChartTicks(points.map((point) => point.value));
  const y = heightScale(ticks);
  const { active, ...handlers } = useActiveDay(points.length);
  const activePoint = active === null ? undefined : points[active];
  const description = points.map((point) => `${point.date}: ${formatFullNumber(point.value)}`).join(', ');
  const isEmpty = !isLoading && emptyText !== undefined && points.every((point) => point.value === 0);
  return (
    <section className="card bg-base-200" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <h2 id={headingId} className="card-title text-base">
          {title}
        </h2>
        {/* A fixed height, as the page reserved it before. */}
        <div className="flex h-48 w-full pt-2 text-xs">
          <div aria-hidden="true" className="relative mb-6 w-[70px] shrink-0 opacity-70">
            {ticks.map((tick) => (
              <span key={tick} className="absolute right-2 -translate-y-1/2" style={{ top: `${y(tick)}%` }}>
                {formatFullNumber(tick)}
              </span>
            ))}
          </div>
          <div className="relative flex min-w-0 flex-1 flex-col">
            <svg
              role="img"
              tabIndex={0}
              aria-labelledby={headingId}
              aria-describedby={descriptionId}
              className="min-h-0 w-full flex-1 overflow-visible"
              viewBox={`0 0 ${points.length * COLUMN} ${PLOT_HEIGHT}`}
              preserveAspectRatio="none"
              {...handlers}
            >
              <desc id={descriptionId}>{`${seriesName} per day: ${description}`}</desc>
              {active !== null && (
                <rect
                  x={active * COLUMN}
                  width={COLUMN}
                  height={PLOT_HEIGHT}
                  fill="currentColor"
                  fillOpacity={0.08}
                />
              )}
              {points.map((point, index) => (
                <rect
                  key={point.date}
                  data-date={point.date}
                  x={index * COLUMN + BAR_GAP}
                  width={COLUMN - 2 * BAR_GAP}
                  y={Math.min(y(point.value), y(0))}
                  height={Math.abs(y(point.value) - y(0))}
                  fill="var(--color-primary)"
                />
              ))}
              <g stroke="currentColor" strokeOpacity={0.5}>
                <line x1={0} x2={0} y1={0} y2={PLOT_HEIGHT} vectorEffect="non-scaling-stroke" />
                <line
                  x1={0}
                  x2={points.length * COLUMN}
                  y1={y(0)}
                  y2={y(0)}
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            </svg>
            {isEmpty && (
              // Over the plot, not instead of it: the card keeps its height when the first day counts.
              <p className="pointer-events-none absolute inset-x-0 top-0 bottom-6 flex items-center justify-center px-2 text-center text-sm opacity-70">
                {emptyText}
              </p>
            )}
            <div aria-hidden="true" className="flex h-6 items-end opacity-70">
              {points.map((point) => (
                <span key={point.date} className="flex-1 text-center">
                  {axisDate(point.date)}
                </span>
              ))}
            </div>
            <div
              role="status"
              className={
                activePoint
                  ? 'bg-base-100 border-base-300 pointer-events-none absolute top-0 rounded border px-2 py-1 whitespace-nowrap shadow'
                  : 'sr-only'
              }
              style={active === null ? undefined : tooltipPlace(active, points.length)}
            >
              {activePoint && (
                <>
                  <span className="block font-semibold">{activePoint.date}</span>
                  <span>
                    {seriesName}: {formatFullNumber(activePoint.value)}
                  </span>
                </>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** Beside the day's column, on the side with room (the plot's edges would cut it off). */
function tooltipPlace(index: number, dayCount: number) {
  const centre = ((index + 0.5) / dayCount) * 100;
  return index < dayCount / 2 ? { left: `${centre}%` } : { right: `${100 - centre}%` };
}
