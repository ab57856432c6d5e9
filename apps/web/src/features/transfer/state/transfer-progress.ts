import {
  transferEventSteps,
  transferStepValues,
  type TransferStep,
  type TransferStepStatus,
} from '@tradedesk/domain';

/** One step of the Progress card. */
export interface StepView {
  status: TransferStepStatus;
  description?: string;
}

/**
 * The Progress card's state. `phase` says what the page waits for: `syncing` (the purchase is
 * asked for once the sync answers), `running` (the run's events), `done` or `idle`.
 */
export interface TransferProgress {
  phase: 'idle' | 'syncing' | 'running' | 'done';
  steps: Record<TransferStep, StepView>;
  /** Whether an Auto List step follows the result (auto-list or buy-back on). */
  hasAutoList: boolean;
}

export type ProgressEvent =
  | { type: 'sync-sent'; hasAutoList: boolean }
  | { type: 'purchase-sent' }
  | { type: 'server'; action: string; data: Record<string, unknown> }
  | { type: 'error'; description: string };

const fresh = (): Record<TransferStep, StepView> =>
  Object.fromEntries(transferStepValues.map((step) => [step, { status: 'pending' }])) as Record<
    TransferStep,
    StepView
  >;

export const idleProgress = (): TransferProgress => ({
  phase: 'idle',
  steps: { ...fresh(), idle: { status: 'active' } },
  hasAutoList: false,
});

/**
 * The step an error event marks failed: the earliest one under way (the purchase, while the
 * listing already succeeded), else the last one that started.
 */
function lastStarted(steps: Record<TransferStep, StepView>): TransferStep {
  const underWay = transferStepValues.find((step) => steps[step].status === 'active');
  if (underWay) return underWay;
  const started = transferStepValues.filter((step) => steps[step].status !== 'pending');
  return started[started.length - 1] ?? 'idle';
}

const withStep = (
  progress: TransferProgress,
  step: TransferStep,
  view: StepView,
): Record<TransferStep, StepView> => ({ ...progress.steps, [step]: view });

/** How the Progress card moves (spec 001 §4). Pure: the page's hook feeds it events. */
export function nextProgress(progress: TransferProgress, event: ProgressEvent): TransferProgress {
  if (event.type === 'sync-sent')
    return {
      phase: 'syncing',
      hasAutoList: event.hasAutoList,
      steps: { ...fresh(), idle: { status: 'success' }, sync: { status: 'active' } },
    };
  if (event.type === 'purchase-sent')
    return {
      ...progress,
      phase: 'running',
      steps: withStep(progress, 'purchase_player', { status: 'active' }),
    };
  if (event.type === 'error') {
    const step = lastStarted(progress.steps);
    return {
      ...progress,
      phase: 'done',
      steps: withStep(progress, step, { status: 'failed', description: event.description }),
    };
  }
  const move = transferEventSteps[event.action];
  if (!move) return progress;
  const [step, status] = move;
  const reason = typeof event.data.reason === 'string' ? event.data.reason : undefined;
  const steps = withStep(progress, step, { status, ...(reason ? { description: reason } : {}) });
  if (event.action === 'transfer-success' && progress.hasAutoList)
    return { ...progress, phase: 'running', steps: { ...steps, auto_list: { status: 'active' } } };
  const isOver =
    event.action === 'transfer-failed' ||
    event.action === 'transfer-success' ||
    (step === 'auto_list' && status !== 'active');
  return { ...progress, phase: isOver ? 'done' : progress.phase, steps };
}

const isFinished = (status: TransferStepStatus) => status !== 'pending' && status !== 'active';

/**
 * The steps as the card shows them, in the card's order whatever order the events came in: the
 * seller's listing is confirmed before the buyer's purchase, so a step that finished while an
 * earlier one is still under way shows as under way until the earlier one finishes.
 */
export function stepsInLogicalOrder(
  steps: Record<TransferStep, StepView>,
): Array<{ step: TransferStep; view: StepView }> {
  let isEarlierUnfinished = false;
  return transferStepValues.map((step) => {
    const view = steps[step];
    const shown: StepView = isEarlierUnfinished && view.status === 'success' ? { status: 'active' } : view;
    if (!isFinished(view.status)) isEarlierUnfinished = true;
    return { step, view: shown };
  });
}

/** A page that (re)joins rebuilds the card from the server's record of the open transfer. */
export function progressOfState(state: {
  status: string;
  steps: Array<{ step: string; status: string; description?: string }>;
  filter?: { player?: { enableAutoList?: boolean; enableAutoBuyBack?: boolean } };
}): TransferProgress {
  const steps: Record<TransferStep, StepView> = { ...fresh(), idle: { status: 'success' } };
  for (const record of state.steps) {
    if (!(transferStepValues as readonly string[]).includes(record.step)) continue;
    steps[record.step as TransferStep] = {
      status: record.status as TransferStepStatus,
      ...(record.description ? { description: record.description } : {}),
    };
  }
  const player = state.filter?.player;
  return {
    phase: state.status === 'syncing' ? 'syncing' : state.status === 'running' ? 'running' : 'done',
    steps,
    hasAutoList: Boolean(player?.enableAutoList || player?.enableAutoBuyBack),
  };
}
