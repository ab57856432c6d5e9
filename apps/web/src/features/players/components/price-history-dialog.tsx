import { formatFullNumber, platformShortLabels, type Platform } from '@tradedesk/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/notify';
import { usePriceHistory, type PriceHistory, type PriceHistoryCard } from '../api/get-price-history';

const noPriceHistoryText = 'No price history in the last 7 days';
const WEEK_MS = 7 * 86_400_000;
const DAY_MS = 86_400_000;
/** Up to this many hours a point is drawn as a dot too: a single hour would otherwise draw nothing. */
const DOTS_UP_TO = 24;

/** Axes and their labels in the text colour, as the weekly bars: the same in the light and the dark theme. */
const axisColours = {
  stroke: 'currentColor',
  strokeOpacity: 0.5,
  tick: { fill: 'currentColor', fillOpacity: 0.8 },
};

const pad = (value: number) => String(value).padStart(2, '0');
/** "11-29", as the weekly charts label their days. */
const dayLabel = (ms: number) => {
  const date = new Date(ms);
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
const hourLabel = (ms: number) => `${dayLabel(ms)} ${pad(new Date(ms).getHours())}:00`;
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;

/** Each midnight of the week: one tick a day. */
function dayTicks(start: number, end: number) {
  const first = new Date(start);
  first.setHours(24, 0, 0, 0);
  const ticks: number[] = [];
  for (let tick = first.getTime(); tick <= end; tick += DAY_MS) ticks.push(tick);
  return ticks;
}

/** A tick step of 1, 2, 2.5 or 5 times a power of ten, at least `rough`; whole coins only. */
function niceStep(rough: number) {
  const power = 10 ** Math.floor(Math.log10(rough));
  const factors = power >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  return factors.map((factor) => factor * power).find((step) => step >= rough) ?? 10 * power;
}

/**
 * The price axis: round ticks a nice step apart around the week's prices, with room above and
 * below. A flat week (one price, or one hour) would otherwise squeeze it into ticks a few coins
 * apart and pin the line to an edge.
 */
export function priceTicks(prices: readonly number[]): number[] {
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const room = Math.max((high - low) * 0.1, high * 0.02, 1);
  const step = Math.max(1, niceStep((high - low + 2 * room) / 4));
  const first = Math.max(0, Math.floor((low - room) / step) * step);
  const last = Math.ceil((high + room) / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= last; tick += step) ticks.push(tick);
  return ticks;
}

/** The week's figures in words: what a screen reader reads, and what a glance compares. */
function Summary({ history }: { history: PriceHistory }) {
  const rows: [string, string][] = [
    ['Low', formatFullNumber(history.min ?? 0)],
    ['High', formatFullNumber(history.max ?? 0)],
    ['Average', formatFullNumber(history.average ?? 0)],
    ['Change', signedPercent(history.trend)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-4">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="opacity-70">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Chart({ history, span }: { history: PriceHistory; span: [number, number] }) {
  const points = history.history.map((point) => ({ at: Date.parse(point.at), price: point.price }));
  const ticks = priceTicks(points.map((point) => point.price));
  return (
    <div className="h-48 w-full text-xs" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          <XAxis
            dataKey="at"
            type="number"
            scale="time"
            domain={span}
            ticks={dayTicks(...span)}
            tickFormatter={dayLabel}
            {...axisColours}
          />
          <YAxis
            width={72}
            domain={[ticks[0] ?? 0, ticks.at(-1) ?? 0]}
            ticks={ticks}
            tickFormatter={(value: number) => formatFullNumber(value)}
            {...axisColours}
          />
          <Tooltip
            contentStyle={{ background: 'var(--color-base-100)', borderColor: 'var(--color-base-300)' }}
            formatter={(value) => [formatFullNumber(Number(value)), 'Average price']}
            labelFormatter={(at) => hourLabel(Number(at))}
          />
          <Line
            type="monotone"
            dataKey="price"
            name="Average price"
            stroke="var(--color-primary)"
            dot={points.length <= DOTS_UP_TO ? { r: 3, fill: 'var(--color-primary)' } : false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One platform's week: loading, an error, no history, or the figures and the chart. */
function PlatformHistory({
  card,
  platform,
  span,
}: {
  card: PriceHistoryCard;
  platform: Platform;
  span: [number, number];
}) {
  const headingId = useId();
  const history = usePriceHistory(card, platform);
  const label = platformShortLabels[platform];
  const hours = history.data?.history.length ?? 0;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h4 id={headingId} className="font-semibold">
        {label}
      </h4>
      {history.isPending && (
        <p role="status" className="flex h-48 items-center justify-center gap-2 text-sm opacity-70">
          <span className="loading loading-spinner loading-sm" aria-hidden />
          Loading the {label} price history…
        </p>
      )}
      {history.isError && (
        <p role="alert" className="alert alert-error text-sm">
          Could not load the {label} price history: {errorMessage(history.error)}
        </p>
      )}
      {history.isSuccess && hours === 0 && (
        <p className="flex h-48 items-center justify-center text-center text-sm opacity-70">
          {noPriceHistoryText}
        </p>
      )}
      {history.isSuccess && hours > 0 && (
        <figure
          className="flex flex-col gap-2"
          aria-label={`${label} average price per hour, last 7 days (${hours} hour${hours === 1 ? '' : 's'})`}
        >
          <Summary history={history.data} />
          <Chart history={history.data} span={span} />
        </figure>
      )}
    </section>
  );
}

/** A card's PC and console prices over the last 7 days, a chart each (loaded on first opening). */
export function PriceHistoryDialog({
  player,
  onClose,
}: {
  player: PriceHistoryCard & { name: string; rating: number };
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  // The week ends when the dialog opens: both charts share one time axis.
  const [span] = useState<[number, number]>(() => {
    const now = Date.now();
    return [now - WEEK_MS, now];
  });
  // A keyboard user lands in the dialog (the opener gets the focus back when it closes).
  useEffect(() => {
    closeRef.current?.focus();
  }, []);
  return (
    <Modal
      isOpen
      size="wide"
      title={`Price history of ${player.name} ${player.rating}`}
      onClose={onClose}
      actions={
        <button ref={closeRef} type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="mb-3 text-sm opacity-70">Average price per hour over the last 7 days.</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {(['pc', 'ps'] as const).map((platform) => (
          <PlatformHistory key={platform} card={player} platform={platform} span={span} />
        ))}
      </div>
    </Modal>
  );
}
