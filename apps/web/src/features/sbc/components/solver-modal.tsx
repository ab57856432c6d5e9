import {
  canStartSolver,
  defaultSolverSettings,
  errorMessages,
  formatCoins,
  isStepsInputEnabled,
  nextPositiveInput,
  SOLVER_LIMITS,
  type Account,
  type SolverSettings,
} from '@tradedesk/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { accountSolutionQuery, shownCost, useClubAccountId } from '../api/account-club';
import type { SbcChallengeView } from '@tradedesk/domain';
import { resolveSelection, type SolutionSelection } from './selection';

interface SolverModalProps {
  isOpen: boolean;
  account: Account | undefined;
  challenges: readonly SbcChallengeView[];
  selections: readonly SolutionSelection[];
  onClose: () => void;
  onStart: (settings: SolverSettings) => void;
}

/** The solver modal (spec 001 §5): defaults, validation and disabled rules, the chosen solutions. */
export function SolverModal({ isOpen, account, challenges, selections, onClose, onStart }: SolverModalProps) {
  const [settings, setSettings] = useState<SolverSettings>(defaultSolverSettings());
  const resolved = useMemo(
    () => selections.map((selection) => resolveSelection(challenges, selection)),
    [challenges, selections],
  );
  const error = resolved.find((entry): entry is { error: string } => 'error' in entry)?.error;
  useEffect(() => {
    if (isOpen && error) notify.error(error);
  }, [isOpen, error]);
  useEffect(() => {
    if (isOpen) setSettings(defaultSolverSettings());
  }, [isOpen]);

  const found = resolved.flatMap((entry) => ('error' in entry ? [] : [entry]));
  // The cost the challenge card shows for this account: its club squad's once solved.
  const clubAccountId = useClubAccountId(account?.id);
  const squads = useQueries({
    queries: found.map(({ challenge }) => accountSolutionQuery(clubAccountId, challenge.challengeId)),
  });
  const costs = found.map(({ solution }, index) => shownCost(solution.cost, squads[index]?.data));
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const canSubmit = !error && account !== undefined && canStartSolver(settings, found.length);
  const set = (change: Partial<SolverSettings>) => setSettings((current) => ({ ...current, ...change }));
  // A value above what the agent takes becomes the most it takes (as the coin calculator's 100).
  const atMost = (key: keyof typeof SOLVER_LIMITS, value: number) => Math.min(SOLVER_LIMITS[key], value);

  return (
    <Modal
      isOpen={isOpen}
      title="SBC Solver"
      onClose={onClose}
      actions={
        <ModalActions
          confirmLabel="Start"
          tone="primary"
          isPending={false}
          isDisabled={!canSubmit}
          onConfirm={() => {
            onStart(settings);
            onClose();
          }}
          onCancel={onClose}
        />
      }
    >
      {error ? (
        <p role="alert" className="text-error">
          {errorMessages.unexpectedErrorInModal}
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <p>
            Account: <strong>{account?.email ?? '—'}</strong>
          </p>
          <ul aria-label="Selected solutions" className="text-sm">
            {found.map(({ challenge, solution }, index) => (
              <li key={solution.solutionId}>
                {challenge.name}: {formatCoins(costs[index] ?? solution.cost, false)} coins
              </li>
            ))}
          </ul>
          <p className="text-sm opacity-70">
            Estimated cost: {formatCoins(total * settings.numOfRepititions, false)} coins
          </p>
          <Field label="Search Speed (ms)">
            <input
              type="number"
              className="input input-bordered"
              min={0}
              max={SOLVER_LIMITS.searchSpeed}
              value={settings.searchSpeed}
              onChange={(event) =>
                set({
                  searchSpeed: atMost(
                    'searchSpeed',
                    Math.max(0, Math.trunc(Number(event.target.value) || 0)),
                  ),
                })
              }
            />
          </Field>
          <Field label="Max Purchase Attempts">
            <input
              type="number"
              className="input input-bordered"
              min={1}
              max={SOLVER_LIMITS.maxPurchaseAttempts}
              value={settings.maxPurchaseAttempts}
              onChange={(event) =>
                set({
                  maxPurchaseAttempts: atMost(
                    'maxPurchaseAttempts',
                    nextPositiveInput(settings.maxPurchaseAttempts, event.target.value),
                  ),
                })
              }
            />
          </Field>
          <Field label="Repetitions">
            <input
              type="number"
              className="input input-bordered"
              min={1}
              max={SOLVER_LIMITS.numOfRepititions}
              value={settings.numOfRepititions}
              onChange={(event) =>
                set({
                  numOfRepititions: atMost(
                    'numOfRepititions',
                    nextPositiveInput(settings.numOfRepititions, event.target.value),
                  ),
                })
              }
            />
          </Field>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="toggle"
              checked={settings.enableAutoList}
              onChange={(event) => set({ enableAutoList: event.target.checked })}
            />
            <span>Auto List</span>
          </label>
          <Field label="Steps" hint="Price steps above the solution price for leftover cards">
            <input
              type="number"
              className="input input-bordered"
              min={0}
              max={SOLVER_LIMITS.numOfSteps}
              disabled={!isStepsInputEnabled(settings.enableAutoList)}
              value={settings.numOfSteps}
              onChange={(event) =>
                set({ numOfSteps: atMost('numOfSteps', Math.trunc(Number(event.target.value) || 0)) })
              }
            />
          </Field>
        </div>
      )}
    </Modal>
  );
}
