import {
  canStartSolver,
  defaultSolverSettings,
  errorMessages,
  formatCoins,
  isStepsInputEnabled,
  issueWithField,
  nextPositiveInput,
  SOLVER_LIMITS,
  SOLVER_SEARCH_SPEED_MIN,
  solverSettingsSchema,
  solverSettingsShape,
  type Account,
  type SolverSettings,
} from '@tradedesk/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { Field, FieldAlert } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { notify } from '../../../lib/notify';
import { accountSolutionQuery, shownCost, useClubAccountId } from '../api/account-club';
import type { SbcChallengeView } from '@tradedesk/domain';
import { resolveSelection, type SolutionSelection } from './selection';
import { markInvalid } from '../../../components/ui/invalid-marking';

interface SolverModalProps {
  isOpen: boolean;
  account: Account | undefined;
  challenges: readonly SbcChallengeView[];
  selections: readonly SolutionSelection[];
  onClose: () => void;
  onStart: (settings: SolverSettings) => void;
}

/** The modal's fields as typed: a number field holds its text until the schema reads it. */
type SolverDraft = z.input<typeof solverSettingsSchema>;

const labels = {
  searchSpeed: 'Search Speed (ms)',
  maxPurchaseAttempts: 'Max Purchase Attempts',
  numOfRepititions: 'Repetitions',
  numOfSteps: 'Steps',
} as const;
type NumberSetting = keyof typeof labels;

/** Each field's first rule message (the schema's, naming the field), for the line under it. */
function fieldErrors(error: z.ZodError | undefined): Partial<Record<NumberSetting, string>> {
  const errors: Partial<Record<NumberSetting, string>> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path[0] as NumberSetting;
    if (!(key in labels) || errors[key] !== undefined) continue;
    errors[key] = issueWithField(issue, labels, { keepRuleMessages: true });
  }
  return errors;
}

/** The solver modal (spec 001 §5): defaults, validation and disabled rules, the chosen solutions. */
export function SolverModal({ isOpen, account, challenges, selections, onClose, onStart }: SolverModalProps) {
  const [draft, setDraft] = useState<SolverDraft>(defaultSolverSettings());
  const resolved = useMemo(
    () => selections.map((selection) => resolveSelection(challenges, selection)),
    [challenges, selections],
  );
  const error = resolved.find((entry): entry is { error: string } => 'error' in entry)?.error;
  useEffect(() => {
    if (isOpen && error) notify.error(error);
  }, [isOpen, error]);
  useEffect(() => {
    if (isOpen) setDraft(defaultSolverSettings());
  }, [isOpen]);

  const found = resolved.flatMap((entry) => ('error' in entry ? [] : [entry]));
  // The cost the challenge card shows for this account: its club squad's once solved.
  const clubAccountId = useClubAccountId(account?.id);
  const squads = useQueries({
    queries: found.map(({ challenge }) => accountSolutionQuery(clubAccountId, challenge.challengeId)),
  });
  const costs = found.map(({ solution }, index) => shownCost(solution.cost, squads[index]?.data));
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  // One rule for every field: the shared schema's, its message under the field, Start held back
  // until the settings pass (the server checks the same schema).
  const parsed = solverSettingsSchema.safeParse(draft);
  const errors = fieldErrors(parsed.success ? undefined : parsed.error);
  const settings: SolverSettings | undefined = parsed.success ? parsed.data : undefined;
  const canSubmit = !error && account !== undefined && canStartSolver(draft, found.length);
  const set = (change: Partial<SolverDraft>) => setDraft((current) => ({ ...current, ...change }));
  // The estimate multiplies by Repetitions: while that field is out of range there is no estimate.
  const repetitionsRead = solverSettingsShape.shape.numOfRepititions.safeParse(draft.numOfRepititions);
  const repetitions = repetitionsRead.success ? repetitionsRead.data : undefined;

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
            if (!settings) return;
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
            Estimated cost:{' '}
            {repetitions === undefined ? '—' : `${formatCoins(total * repetitions, false)} coins`}
          </p>
          <Field label={labels.searchSpeed}>
            <input
              type="number"
              {...markInvalid('input input-bordered', errors.searchSpeed !== undefined)}
              min={SOLVER_SEARCH_SPEED_MIN}
              max={SOLVER_LIMITS.searchSpeed}
              value={draft.searchSpeed}
              onChange={(event) => set({ searchSpeed: event.target.value })}
            />
          </Field>
          <FieldAlert message={errors.searchSpeed} />
          <Field label={labels.maxPurchaseAttempts}>
            <input
              type="number"
              {...markInvalid('input input-bordered', errors.maxPurchaseAttempts !== undefined)}
              min={1}
              max={SOLVER_LIMITS.maxPurchaseAttempts}
              value={draft.maxPurchaseAttempts}
              onChange={(event) =>
                // Spec 001 §5: non-positive input is ignored.
                set({
                  maxPurchaseAttempts: nextPositiveInput(
                    Number(draft.maxPurchaseAttempts),
                    event.target.value,
                  ),
                })
              }
            />
          </Field>
          <FieldAlert message={errors.maxPurchaseAttempts} />
          <Field label={labels.numOfRepititions}>
            <input
              type="number"
              {...markInvalid('input input-bordered', errors.numOfRepititions !== undefined)}
              min={1}
              max={SOLVER_LIMITS.numOfRepititions}
              value={draft.numOfRepititions}
              onChange={(event) =>
                set({
                  numOfRepititions: nextPositiveInput(Number(draft.numOfRepititions), event.target.value),
                })
              }
            />
          </Field>
          <FieldAlert message={errors.numOfRepititions} />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="toggle"
              checked={draft.enableAutoList}
              onChange={(event) => set({ enableAutoList: event.target.checked })}
            />
            <span>Auto List</span>
          </label>
          <Field label={labels.numOfSteps} hint="Price steps above the solution price for leftover cards">
            <input
              type="number"
              {...markInvalid('input input-bordered', errors.numOfSteps !== undefined)}
              min={0}
              max={SOLVER_LIMITS.numOfSteps}
              disabled={!isStepsInputEnabled(draft.enableAutoList)}
              value={draft.numOfSteps}
              onChange={(event) => set({ numOfSteps: event.target.value })}
            />
          </Field>
          <FieldAlert message={errors.numOfSteps} />
        </div>
      )}
    </Modal>
  );
}
