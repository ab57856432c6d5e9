import {
  formatFullNumber,
  softBanRisk,
  type RehearsalResult as Result,
  type RehearsalSide,
  type RehearsalTrade,
  type SoftBanRisk,
} from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const riskLabels: Record<SoftBanRisk, string> = { low: 'Low', medium: 'Medium', high: 'High' };
const riskClasses: Record<SoftBanRisk, string> = {
  low: 'badge-success',
  medium: 'badge-warning',
  high: 'badge-error',
};

const coins = (value: number) => formatFullNumber(value);
const signed = (value: number) => (value > 0 ? `+${coins(value)}` : coins(value));

function Risk({ side, limits }: { side: RehearsalSide; limits: Result['limits'] }) {
  const risk = softBanRisk(side, limits);
  return <span className={`badge ${riskClasses[risk]}`}>{riskLabels[risk]}</span>;
}

/** The two sides row by row: what a user compares first. */
function Comparison({ result }: { result: Result }) {
  const rows: { label: string; value: (side: RehearsalSide) => ReactNode }[] = [
    { label: 'Profit', value: (side) => signed(side.profit) },
    { label: 'Wins', value: (side) => coins(side.wins) },
    { label: 'Losses', value: (side) => coins(side.losses) },
    { label: 'Missed buys', value: (side) => coins(side.missed) },
    { label: 'Requests', value: (side) => coins(side.requests) },
    {
      label: `Requests per minute (peak; limit ${result.limits.perMinute})`,
      value: (side) => `${side.requestsPerMinute.toFixed(1)} (${side.peakRequestsPerMinute})`,
    },
    { label: 'Soft bans', value: (side) => coins(side.softBans) },
    { label: 'Soft-ban risk', value: (side) => <Risk side={side} limits={result.limits} /> },
  ];
  return (
    <table className="table table-sm" aria-label="Rehearsal comparison">
      <thead>
        <tr>
          <th />
          <th>Your filters</th>
          <th>Classic autobuyer</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th className="font-normal">{row.label}</th>
            <td>{row.value(result.ours)}</td>
            <td>{row.value(result.classic)}</td>
          </tr>
        ))}
      </tbody>
      <caption className="caption-bottom pt-1 text-left text-xs opacity-70">
        A win is a purchase worth more than it cost (at the card’s market value after tax), a loss one worth
        less; missed buys are attempts the game refused. The peak counts the calls the game admitted in any
        one of its minutes, as its limit does.
      </caption>
    </table>
  );
}

/** Cumulative profit minute by minute, both sides on one chart. */
function ProfitChart({ result }: { result: Result }) {
  const points = result.ours.profitByMinute.map((ours, index) => ({
    minute: index + 1,
    ours,
    classic: result.classic.profitByMinute[index] ?? 0,
  }));
  return (
    <section aria-label="Profit over time" className="flex flex-col gap-1">
      <h4 className="text-sm font-semibold">Profit over time</h4>
      <div className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
            <XAxis dataKey="minute" unit=" min" />
            <YAxis width={80} tickFormatter={(value: number) => coins(value)} />
            <Tooltip
              formatter={(value) => coins(Number(value))}
              labelFormatter={(minute) => `Minute ${minute}`}
            />
            <Legend />
            <Line
              type="monotone"
              dataKey="ours"
              name="Your filters"
              stroke="var(--color-primary)"
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="classic"
              name="Classic autobuyer"
              stroke="var(--color-secondary)"
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

function Trades({ title, trades }: { title: string; trades: readonly RehearsalTrade[] }) {
  return (
    <section aria-label={title} className="min-w-64 flex-1">
      <h4 className="text-sm font-semibold">{title}</h4>
      {trades.length === 0 ? (
        <p className="text-sm opacity-70">No purchases</p>
      ) : (
        <table className="table table-xs">
          <thead>
            <tr>
              <th>Player</th>
              <th>Bought for</th>
              <th>Profit</th>
              <th>Minute</th>
            </tr>
          </thead>
          <tbody>
            {trades.map((trade, index) => (
              <tr key={`${trade.minute}-${index}`}>
                <td>{trade.playerName}</td>
                <td>{coins(trade.buyPrice)}</td>
                <td className={trade.profit < 0 ? 'text-error' : 'text-success'}>{signed(trade.profit)}</td>
                <td>{Math.floor(trade.minute) + 1}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A finished rehearsal: the comparison, the profit chart and the best and worst trades of each side. */
export function RehearsalResultView({ result }: { result: Result }) {
  return (
    <div className="flex flex-col gap-3" aria-label="Rehearsal result">
      <p className="text-sm opacity-80">
        {result.spanMinutes} virtual minutes on a sandbox market seeded from the price database, with{' '}
        {coins(result.coins)} coins; rehearsed in {Math.max(1, Math.round(result.realMs / 1000))} s.
      </p>
      <Comparison result={result} />
      <ProfitChart result={result} />
      <div className="flex flex-wrap gap-3">
        <Trades title="Best trades" trades={result.ours.best} />
        <Trades title="Worst trades" trades={result.ours.worst} />
      </div>
      <details>
        <summary className="cursor-pointer text-sm">Classic autobuyer's trades</summary>
        <div className="flex flex-wrap gap-3 pt-2">
          <Trades title="Classic best trades" trades={result.classic.best} />
          <Trades title="Classic worst trades" trades={result.classic.worst} />
        </div>
      </details>
    </div>
  );
}
