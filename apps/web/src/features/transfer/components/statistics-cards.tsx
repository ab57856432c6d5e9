import { formatCoins, formatPercent, successMessages } from '@tradedesk/domain';
import { notify } from '../../../lib/notify';
import { useTransferStore } from '../../../stores/transfer-store';
import { useTransferStatistics } from '../api/get-statistics';

function StatCard({ title, value, children }: { title: string; value: string; children?: React.ReactNode }) {
  return (
    <section className="card bg-base-200" aria-label={title}>
      <div className="card-body gap-1 p-4">
        <h2 className="text-sm opacity-70">{title}</h2>
        <p className="text-2xl font-bold">{value}</p>
        {children}
      </div>
    </section>
  );
}

/** Coins Transferred, Success Rates and Current Session (with Reset Session). */
export function StatisticsCards() {
  const statistics = useTransferStatistics();
  const sessionTotal = useTransferStore((state) => state.sessionTotal);
  const resetSession = useTransferStore((state) => state.resetSession);
  const isCompact = useTransferStore((state) => state.isNumberFormatEnabled);
  const data = statistics.data;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <StatCard title="Coins Transferred" value={formatCoins(data?.totalAmount ?? 0, isCompact)} />
      <StatCard
        title="Success Rates"
        value={
          // No finished transfer yet (no last finish): a rate of nothing, not 0% of failures.
          data?.updatedAt ? formatPercent(data.successRate * 100) : '—'
        }
      />
      <StatCard title="Current Session" value={formatCoins(sessionTotal, isCompact)}>
        <button
          type="button"
          className="btn btn-xs btn-outline self-start"
          onClick={() => {
            resetSession();
            notify.success(successMessages.sessionReset);
          }}
        >
          Reset Session
        </button>
      </StatCard>
    </div>
  );
}
