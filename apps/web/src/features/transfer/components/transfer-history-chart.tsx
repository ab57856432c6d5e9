import { weeklySeries } from '@tradedesk/domain';
import { WeeklyBarChart } from '../../../components/ui/weekly-bar-chart';
import { useTransferStatistics } from '../api/get-statistics';

const noTransfersText = 'No coins transferred in the last 7 days';

/** Coins moved per day over the last seven (from the statistics service; missing days are 0). */
export function TransferHistoryChart() {
  const statistics = useTransferStatistics();
  const points = weeklySeries(statistics.data?.weeklyAmounts ?? [], Date.now());
  return (
    <WeeklyBarChart
      title="Transfer history"
      seriesName="Coins"
      points={points}
      emptyText={noTransfersText}
      isLoading={statistics.isPending}
    />
  );
}
