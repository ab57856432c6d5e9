import { weeklySeries } from '@tradedesk/domain';
import { WeeklyBarChart } from '../../../components/ui/weekly-bar-chart';
import { useSnipeStatistics } from '../api/get-snipe-statistics';

const noWeeklyProfitsText = 'No profits in the last 7 days';

/** The weekly profits bar chart of /snipe (spec 001 §2: 3 y-axis ticks rounded up to 1,000). */
export function WeeklyProfitsChart() {
  const statistics = useSnipeStatistics();
  const points = weeklySeries(statistics.data?.weeklyProfits ?? [], Date.now());
  return (
    <WeeklyBarChart
      title="Weekly profits"
      seriesName="Profit"
      points={points}
      emptyText={noWeeklyProfitsText}
      isLoading={statistics.isPending}
    />
  );
}
