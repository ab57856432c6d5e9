import type { ReactNode } from 'react';
import type { LiveStatus } from '../../../common/live';
import type { ConfigurationPanel } from './configuration-modals';
import {
  BellIcon,
  ClockIcon,
  CogIcon,
  ListIcon,
  RefreshIcon,
  SlidersIcon,
  UserPlusIcon,
} from '../../../components/ui/icons';

type DashboardHeaderProps = {
  lastUpdatedAt: number;
  isRefreshing: boolean;
  liveStatus: LiveStatus;
  onReconnect: () => void;
  onCreateAccount: () => void;
  onRefresh: () => void;
  onOpenPanel: (panel: ConfigurationPanel) => void;
};

/**
 * The tip below a button lines up with its start, or with its end for the buttons that sit toward
 * the row's right end: centred, the last tip reached past the screen's edge and the page scrolled sideways.
 * Below sm the buttons are small so the seven fit one row at 320 px: wrapped, an end-aligned tip
 * started the second row and reached past the screen's left edge.
 */
function HeaderButton({
  label,
  onClick,
  tipAlign = 'start',
  children,
}: {
  label: string;
  onClick: () => void;
  tipAlign?: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <span
      className={`tooltip tooltip-bottom ${tipAlign === 'end' ? 'tooltip-end' : 'tooltip-start'}`}
      data-tip={label}
    >
      <button
        type="button"
        className="btn btn-ghost btn-square btn-sm sm:btn-md"
        aria-label={label}
        title={label}
        onClick={onClick}
      >
        {children}
      </button>
    </span>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const liveLabels: Record<LiveStatus, string> = {
  connecting: 'Connecting live updates…',
  live: 'Live',
  reconnecting: 'Live updates offline, reconnecting…',
  offline: 'Live updates offline',
};

/** Whether the dashboard gets live updates; once retries have stopped, the user may ask again. */
function LiveBadge({ status, onReconnect }: { status: LiveStatus; onReconnect: () => void }) {
  return (
    <>
      <span
        role="status"
        className={`badge badge-xs ml-2 ${status === 'live' ? 'badge-success' : 'badge-ghost'}`}
      >
        {liveLabels[status]}
      </span>
      {status === 'offline' && (
        <button type="button" className="btn btn-link btn-xs" onClick={onReconnect}>
          Reconnect
        </button>
      )}
    </>
  );
}

/** 'Last updated at', the live-updates badge and the dashboard's icon buttons (spec §2). */
export function DashboardHeader(props: DashboardHeaderProps) {
  const { lastUpdatedAt, isRefreshing, liveStatus, onReconnect, onCreateAccount, onRefresh, onOpenPanel } =
    props;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div>
        <h1 className="text-2xl font-bold">Snipe</h1>
        <p className="text-sm opacity-70">
          Last updated at {lastUpdatedAt ? timeFormat.format(lastUpdatedAt) : '—'}
          <LiveBadge status={liveStatus} onReconnect={onReconnect} />
        </p>
      </div>
      {/* At the right edge once it wraps under the title, so the end-aligned tips have room to their left. */}
      <div className="ml-auto flex gap-1">
        <HeaderButton label="Create Account" onClick={onCreateAccount}>
          <UserPlusIcon />
        </HeaderButton>
        <HeaderButton label="Refresh Accounts" onClick={onRefresh}>
          {isRefreshing ? <span className="loading loading-spinner loading-sm" /> : <RefreshIcon />}
        </HeaderButton>
        <HeaderButton label="Time Configuration" onClick={() => onOpenPanel('time')}>
          <ClockIcon />
        </HeaderButton>
        <HeaderButton label="Advanced Configuration" tipAlign="end" onClick={() => onOpenPanel('advanced')}>
          <SlidersIcon />
        </HeaderButton>
        <HeaderButton
          label="Notification Configuration"
          tipAlign="end"
          onClick={() => onOpenPanel('notification')}
        >
          <BellIcon />
        </HeaderButton>
        <HeaderButton label="Market Configuration" tipAlign="end" onClick={() => onOpenPanel('market')}>
          <ListIcon />
        </HeaderButton>
        <HeaderButton label="General Configuration" tipAlign="end" onClick={() => onOpenPanel('general')}>
          <CogIcon />
        </HeaderButton>
      </div>
    </div>
  );
}
