import { isAccountRunning, launchWhileActiveMessage, type Account } from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { toneUnlessDisabled } from '../../../components/ui/button-tone';
import {
  LaunchIcon,
  PencilIcon,
  PlayIcon,
  ResetIcon,
  StopIcon,
  TrashIcon,
} from '../../../components/ui/icons';

export type RowAction = 'launch' | 'start' | 'stop' | 'edit' | 'reset' | 'delete';

function ActionButton(props: {
  label: string;
  tip?: string;
  disabled?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <span className="tooltip" data-tip={props.tip ?? props.label}>
      <button
        type="button"
        className={`btn btn-ghost btn-square btn-sm ${toneUnlessDisabled(props.className, props.disabled)}`}
        aria-label={props.label}
        title={props.tip ?? props.label}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.children}
      </button>
    </span>
  );
}

/**
 * Row actions (spec §4): a running account (active or break) shows Stop Snipe, others Start
 * Snipe; while active, Edit, Reset Statistics and Delete are disabled, and Launch while running
 * (its browser would sign in beside the run).
 */
export function AccountActions({
  account,
  isStopping = false,
  onAction,
}: {
  account: Account;
  /** Its stop was sent and not yet answered: Stop Snipe waits. */
  isStopping?: boolean;
  onAction: (action: RowAction) => void;
}) {
  const isActive = account.status === 'active';
  const isRunning = isAccountRunning(account.status);
  return (
    <div className="flex flex-wrap gap-0.5">
      <ActionButton
        label="Launch Account"
        {...(isRunning ? { tip: launchWhileActiveMessage } : {})}
        disabled={isRunning}
        onClick={() => onAction('launch')}
      >
        <LaunchIcon />
      </ActionButton>
      {isRunning ? (
        <ActionButton
          label="Stop Snipe"
          className="text-error"
          disabled={isStopping}
          onClick={() => onAction('stop')}
        >
          <StopIcon />
        </ActionButton>
      ) : (
        <ActionButton label="Start Snipe" className="text-success" onClick={() => onAction('start')}>
          <PlayIcon />
        </ActionButton>
      )}
      <ActionButton label="Edit Account" disabled={isActive} onClick={() => onAction('edit')}>
        <PencilIcon />
      </ActionButton>
      <ActionButton label="Reset Statistics" disabled={isActive} onClick={() => onAction('reset')}>
        <ResetIcon />
      </ActionButton>
      <ActionButton
        label="Delete Account"
        className="text-error"
        disabled={isActive}
        onClick={() => onAction('delete')}
      >
        <TrashIcon />
      </ActionButton>
    </div>
  );
}
