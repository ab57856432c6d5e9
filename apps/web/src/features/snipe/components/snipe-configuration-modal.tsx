import { defaultAdvancedConfig, startingSelectionIds, type Account } from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { useConfiguration } from '../../../common/configuration';
import {
  FilterPanel,
  useFilterWorkspace,
  useSnipeFilters,
  type SnipePanelFilter,
} from '../../../common/filters';
import { PanelErrorBoundary } from './panel-error-boundary';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useIsSavingRunInput } from '../../../lib/run-inputs';

type SnipeConfigurationModalProps = {
  /** The accounts to start: one (its row's Start Snipe) or several together; none keeps it closed. */
  accounts: readonly Account[];
  initialFilterIds: readonly string[];
  onStart: (accounts: readonly Account[], selected: SnipePanelFilter[]) => boolean;
  onClose: () => void;
};

/**
 * Snipe Configuration: choose the filters for this run, then Start (spec §2). The selection starts
 * on the account's last used filters, else on the only saved one (`startingSelectionIds`). Start
 * waits while a filter or setting is being saved: until then the selection holds the unsaved draft.
 */
export function SnipeConfigurationModal({ accounts, ...props }: SnipeConfigurationModalProps) {
  if (accounts.length === 0) return null;
  return (
    <SnipeConfigurationBody
      key={accounts.map((account) => account.id).join(' ')}
      accounts={accounts}
      {...props}
    />
  );
}

/** The filters load before the selection starts, so it can start on the only saved filter. */
function SnipeConfigurationBody({ initialFilterIds, ...props }: SnipeConfigurationModalProps) {
  const filters = useSnipeFilters();
  if (filters.isPending)
    return (
      <SnipeConfigurationFrame {...props} isStartDisabled onStart={() => false}>
        <span className="loading loading-spinner" role="status" aria-label="Loading filters" />
      </SnipeConfigurationFrame>
    );
  const saved = filters.data ?? [];
  return (
    <SnipeConfigurationForm
      {...props}
      saved={saved}
      initialFilterIds={startingSelectionIds(saved, initialFilterIds)}
    />
  );
}

function SnipeConfigurationForm({
  accounts,
  saved,
  initialFilterIds,
  onStart,
  onClose,
}: SnipeConfigurationModalProps & { saved: readonly SnipePanelFilter[] }) {
  const rotation = (useConfiguration().data?.advanced ?? defaultAdvancedConfig()).rotation;
  const workspace = useFilterWorkspace({
    saved,
    initialSelectedIds: initialFilterIds,
    isRotationEnabled: rotation.isEnabled,
  });
  const isSaving = useIsSavingRunInput();
  return (
    <SnipeConfigurationFrame
      accounts={accounts}
      isStartDisabled={isSaving}
      onStart={() => onStart(accounts, workspace.selected)}
      onClose={onClose}
    >
      <PanelErrorBoundary name="Filter configuration">
        <FilterPanel workspace={workspace} />
      </PanelErrorBoundary>
    </SnipeConfigurationFrame>
  );
}

type SnipeConfigurationFrameProps = {
  accounts: readonly Account[];
  isStartDisabled: boolean;
  /** Returns true when the run was sent; the modal then closes. */
  onStart: () => boolean;
  onClose: () => void;
  children: ReactNode;
};

function SnipeConfigurationFrame({
  accounts,
  isStartDisabled,
  onStart,
  onClose,
  children,
}: SnipeConfigurationFrameProps) {
  return (
    <Modal
      size="wide"
      isOpen
      title={`Snipe Configuration — ${accounts.length === 1 ? accounts[0]?.email : `${accounts.length} accounts together`}`}
      onClose={onClose}
      actions={
        <ModalActions
          confirmLabel="Start"
          isDisabled={isStartDisabled}
          onConfirm={() => onStart() && onClose()}
          onCancel={onClose}
        />
      }
    >
      {children}
    </Modal>
  );
}
