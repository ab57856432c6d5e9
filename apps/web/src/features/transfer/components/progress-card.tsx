import { transferStepLabels } from '@tradedesk/domain';
import { stepsInLogicalOrder, type TransferProgress } from '../state/transfer-progress';

/**
 * Each step's dot: its status's colour inside a ring of the text colour at 60%. The ring keeps every
 * dot at least 3:1 against the card in both themes (non-text contrast): the status colours alone are
 * ~2:1 on the light card, and base-300 for pending was 1.05:1 on the dark one.
 */
const dotRing = 'border-2 border-base-content/60';
const dotClass = {
  pending: 'bg-base-content/60',
  active: 'bg-info animate-pulse',
  success: 'bg-success',
  skipped: 'bg-warning',
  failed: 'bg-error',
} as const;

/** The Progress card: Idle, Sync, Purchase Player, List Player, Result, Auto List (spec 001 §2, §4). */
export function ProgressCard({ progress }: { progress: TransferProgress }) {
  return (
    <section className="card bg-base-200" aria-label="Progress">
      <div className="card-body gap-2 p-4">
        <h2 className="card-title text-base">Progress</h2>
        <ol className="flex flex-col gap-2">
          {stepsInLogicalOrder(progress.steps)
            .filter(
              ({ step }) =>
                step !== 'auto_list' || progress.hasAutoList || progress.steps.auto_list.status !== 'pending',
            )
            .map(({ step, view }) => {
              return (
                <li
                  key={step}
                  className="flex items-start gap-2"
                  data-status={view.status}
                  aria-label={transferStepLabels[step]}
                >
                  <span
                    className={`mt-1.5 inline-block h-3 w-3 shrink-0 rounded-full ${dotRing} ${dotClass[view.status]}`}
                  />
                  <div className="flex flex-col">
                    <span className="text-sm font-medium">{transferStepLabels[step]}</span>
                    {view.status === 'skipped' && <span className="text-warning text-xs">Skipped</span>}
                    {view.status === 'success' && step === 'result' && (
                      <span className="text-success text-xs">Success</span>
                    )}
                    {view.status === 'failed' && (
                      <span className="text-error text-xs" role="alert">
                        {step === 'result' ? 'Failed' : ''}
                        {view.description ? `${step === 'result' ? ': ' : ''}${view.description}` : ''}
                      </span>
                    )}
                  </div>
                </li>
              );
            })}
        </ol>
      </div>
    </section>
  );
}
