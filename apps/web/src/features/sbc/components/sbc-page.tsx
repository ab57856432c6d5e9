import {
  errorMessages,
  formatCoins,
  formatSeconds,
  isAdmin as hasAdminRole,
  messages,
  platformLabels,
  type Account,
  type SolverSettings,
  platformOf,
} from '@tradedesk/domain';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageLoading } from '../../../components/ui/page-loading';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { notify } from '../../../lib/notify';
import { formatDate } from '../../../utils/format';
import { CreateAccountModal, useAccounts } from '../../../common/accounts';
import { useUser } from '../../../common/user';
import { useAccountClub, useClubAccountId } from '../api/account-club';
import type { SbcChallengeView } from '@tradedesk/domain';
import { useChallenges, useDeleteChallenge, useSbcStatistics } from '../api/sbc-api';
import { useSbcLive, type SolverProgress } from '../live/use-sbc-live';
import { ChallengesAccordion } from './challenges-accordion';
import { resolveSelection, type SolutionSelection } from './selection';
import { SolverModal } from './solver-modal';
import { stackedTable } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';

/** The accounts table's columns; on a phone each cell carries its title (`data-label`). */
const accountColumns = ['Email', 'Platform', 'Club', 'Progress', 'Solver'] as const;

function StatCard({ title, value }: { title: string; value: string }) {
  return (
    <section className="card bg-base-200" aria-label={title}>
      <div className="card-body gap-1 p-4">
        <h2 className="text-sm opacity-70">{title}</h2>
        <p className="text-2xl font-bold">{value}</p>
      </div>
    </section>
  );
}

function StatisticsCards() {
  const statistics = useSbcStatistics().data;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <StatCard title="Coins Spent" value={formatCoins(statistics?.totalCoinsSpent ?? 0, false)} />
      <StatCard title="SBCs Solved" value={String(statistics?.totalSolved ?? 0)} />
      <StatCard title="Time Spent" value={formatSeconds(statistics?.totalTimeSpent ?? 0)} />
    </div>
  );
}

function ProgressList({ progress }: { progress: SolverProgress | undefined }) {
  if (!progress || progress.steps.length === 0) return <span className="opacity-60">Idle</span>;
  return (
    <ol className="flex max-h-40 flex-col gap-0.5 overflow-y-auto text-xs" aria-label="Solver progress">
      {progress.steps.map((step, index) => (
        <li
          key={index}
          className={step.tone === 'error' ? 'text-error' : step.tone === 'success' ? 'text-success' : ''}
        >
          {step.text}
        </li>
      ))}
    </ol>
  );
}

/** The account's club: when it was last read and how many players it had, and "Read club". */
function ClubCell({ account, onReadClub }: { account: Account; onReadClub: (account: Account) => void }) {
  const club = useAccountClub(account.id).data;
  return (
    <div className="flex flex-col items-start gap-1 text-xs">
      <span aria-label="Club">
        {club?.isReading
          ? 'Reading…'
          : club?.readAt
            ? `${club.cards.length} players, read ${formatDate(club.readAt)}`
            : 'Not read'}
      </span>
      <button
        type="button"
        className="btn btn-xs"
        disabled={club?.isReading === true}
        onClick={() => onReadClub(account)}
      >
        Read club
      </button>
    </div>
  );
}

/**
 * Start Solver, or Stop Solver while the account's run is on. Start waits while the club is read:
 * the run's squads come from the club the server holds, which the read is about to replace.
 */
function SolverCell({
  account,
  isRunning,
  onStart,
  onStop,
}: {
  account: Account;
  isRunning: boolean;
  onStart: (account: Account) => void;
  onStop: (account: Account) => void;
}) {
  const isReadingClub = useAccountClub(account.id).data?.isReading === true;
  if (isRunning)
    return (
      <button type="button" className="btn btn-xs btn-error" onClick={() => onStop(account)}>
        Stop Solver
      </button>
    );
  return (
    <button
      type="button"
      className="btn btn-xs btn-primary"
      disabled={isReadingClub}
      title={isReadingClub ? 'Wait for the club read to finish' : undefined}
      onClick={() => onStart(account)}
    >
      Start Solver
    </button>
  );
}

function AccountTable({
  accounts,
  progress,
  onStart,
  onStop,
  onReadClub,
}: {
  accounts: readonly Account[];
  progress: Record<string, SolverProgress>;
  onStart: (account: Account) => void;
  onStop: (account: Account) => void;
  onReadClub: (account: Account) => void;
}) {
  const [isCreating, setCreating] = useState(false);
  return (
    <section aria-label="Accounts" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Accounts</h2>
        <button type="button" className="btn btn-sm" onClick={() => setCreating(true)}>
          Create Account
        </button>
      </div>
      {/* Below 768 px each account is a card (stackedTable): Start Solver shows without sideways scrolling. */}
      <div className="overflow-x-auto">
        <table className="table table-sm">
          <TableHead columns={accountColumns} className={stackedTable.head} />
          <tbody className={stackedTable.body}>
            {accounts.length === 0 && (
              <tr>
                <td colSpan={5} className="opacity-70">
                  No accounts yet: create one to run the solver.
                </td>
              </tr>
            )}
            {accounts.map((account) => (
              <tr key={account.id} aria-label={account.email}>
                <td data-label={accountColumns[0]} className="max-md:break-all">
                  {account.email}
                </td>
                <td data-label={accountColumns[1]}>{account.platform?.toUpperCase() ?? '—'}</td>
                <td data-label={accountColumns[2]}>
                  <ClubCell account={account} onReadClub={onReadClub} />
                </td>
                <td data-label={accountColumns[3]}>
                  <ProgressList progress={progress[account.id]} />
                </td>
                <td>
                  <SolverCell
                    account={account}
                    isRunning={progress[account.id]?.isRunning === true}
                    onStart={onStart}
                    onStop={onStop}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreateAccountModal isOpen={isCreating} onClose={() => setCreating(false)} />
    </section>
  );
}

/** Which account the solutions are shown for: they are priced on its platform's market. */
function ViewingAccountSelect({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly Account[];
  value: Account | undefined;
  onChange: (accountId: string) => void;
}) {
  if (accounts.length === 0) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      Solutions for
      <select
        className="select select-sm select-bordered"
        value={value?.id ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.email} ({platformLabels[platformOf(account)]})
          </option>
        ))}
      </select>
    </label>
  );
}

/** /sbc: statistics, accounts with the solver's live progress, the challenges and their solutions. */
export function SbcPage() {
  useDocumentTitle('SBC');
  const user = useUser();
  const accounts = useAccounts();
  const [viewingId, setViewingId] = useState<string | undefined>(undefined);
  const accountList = accounts.data ?? [];
  const viewing = accountList.find((account) => account.id === viewingId) ?? accountList[0];
  const challenges = useChallenges(platformOf(viewing));
  // Once the viewed account's club was read, squads are built from its cards first.
  const clubAccountId = useClubAccountId(viewing?.id);
  const live = useSbcLive();
  const deleteChallenge = useDeleteChallenge();
  const [selection, setSelection] = useState<SolutionSelection | null>(null);
  const [solverAccount, setSolverAccount] = useState<Account | undefined>(undefined);
  const [toDelete, setToDelete] = useState<SbcChallengeView | null>(null);
  const isAdmin = user.data ? hasAdminRole(user.data) : false;
  const list = challenges.data ?? [];

  const start = (settings: SolverSettings) => {
    if (!solverAccount || !selection) return;
    const resolved = resolveSelection(list, selection);
    if ('error' in resolved) return notify.error(resolved.error);
    live.start({
      ...settings,
      account: { id: solverAccount.id },
      solutions: [{ ...resolved.solution, createdAt: new Date(resolved.solution.createdAt) }],
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Squad Building Challenges</h1>
      <StatisticsCards />
      <AccountTable
        accounts={accounts.data ?? []}
        progress={live.progress}
        onStart={(account) => {
          if (!selection) return notify.error(messages.selectSolution);
          setSolverAccount(account);
        }}
        onStop={(account) => live.stop(account.id)}
        onReadClub={(account) => live.readClub(account.id)}
      />
      <ViewingAccountSelect
        accounts={accountList}
        value={viewing}
        onChange={(accountId) => {
          setViewingId(accountId);
          // Another platform's market has other solutions: the selection is chosen again.
          setSelection(null);
        }}
      />
      {challenges.isPending ? (
        <PageLoading label="Loading the challenges…" />
      ) : (
        <ChallengesAccordion
          challenges={list}
          isAdmin={isAdmin}
          onOpenSolution={setSelection}
          onDelete={setToDelete}
          clubAccountId={clubAccountId}
        />
      )}
      <SolverModal
        isOpen={solverAccount !== undefined}
        account={solverAccount}
        challenges={list}
        selections={selection ? [selection] : []}
        onClose={() => setSolverAccount(undefined)}
        onStart={start}
      />
      <ConfirmModal
        isOpen={toDelete !== null}
        title="Delete challenge"
        confirmLabel="Delete"
        isDanger
        isPending={deleteChallenge.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          const found = list.find((challenge) => challenge.challengeId === toDelete?.challengeId);
          if (!found) {
            notify.error(errorMessages.unableToFindChallengeForModal);
            return setToDelete(null);
          }
          deleteChallenge.mutate(found.challengeId, { onSettled: () => setToDelete(null) });
        }}
      >
        Delete {toDelete?.name}? It disappears for every user.
      </ConfirmModal>
    </div>
  );
}
