import { weeklyChartTicks } from '@tradedesk/domain';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { WeeklyPoints } from './weekly-bar-chart';

/** The bars of `WeeklyBarChart` (recharts: its own chunk, loaded once the page has drawn). */
export function WeeklyBarPlot({ points, seriesName }: { points: WeeklyPoints; seriesName: string }) {
  const ticks = weeklyChartTicks(points.map((point) => point.value));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...points]}>
        <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} />
        <YAxis ticks={ticks} domain={[ticks[0], ticks[2]]} width={70} />
        <Tooltip />
        <Bar dataKey="value" name={seriesName} fill="var(--color-primary)" />
      </BarChart>
    </ResponsiveContainer>
  );
}
