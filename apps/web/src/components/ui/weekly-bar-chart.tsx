import { weeklyChartTicks } from '@tradedesk/domain';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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
  points: ReadonlyArray<{ date: string; value: number }>;
  seriesName: string;
}) {
  const ticks = weeklyChartTicks(points.map((point) => point.value));
  return (
    <section className="card bg-base-200" aria-label={title}>
      <div className="card-body gap-2 p-4">
        <h2 className="card-title text-base">{title}</h2>
        <div className="h-48 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={[...points]}>
              <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} />
              <YAxis ticks={ticks} domain={[ticks[0], ticks[2]]} width={70} />
              <Tooltip />
              <Bar dataKey="value" name={seriesName} fill="var(--color-primary)" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </div>
    </section>
  );
}
