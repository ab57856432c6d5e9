import { defaultAdvancedConfig, type Account } from '@tradedesk/domain';
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
 * Snipe Configuration: choose the filters for this run, then Start (spec §2). Start waits while a
 * filter or setting is being saved: until then the selection holds the unsaved draft.
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

function SnipeConfigurationBody({
  accounts,
  initialFilterIds,
  onStart,
  onClose,
}: SnipeConfigurationModalProps) {
  const filters = useSnipeFilters();
  const rotation = (useConfiguration().data?.advanced ?? defaultAdvancedConfig()).rotation;
  const workspace = useFilterWorkspace({
    saved: filters.data ?? [],
    initialSelectedIds: initialFilterIds,
    isRotationEnabled: rotation.isEnabled,
  });
  const isSaving = useIsSavingRunInput();
  return (
    <Modal
      size="wide"
      isOpen
      title={`Snipe Configuration — ${accounts.length === 1 ? accounts[0]?.email : `${accounts.length} accounts together`}`}
      onClose={onClose}
      actions={
        <ModalActions
          confirmLabel="Start"
          isDisabled={isSaving}
          onConfirm={() => onStart(accounts, workspace.selected) && onClose()}
          onCancel={onClose}
        />
      }
    >
      {filters.isPending ? (
        <span className="loading loading-spinner" role="status" aria-label="Loading filters" />
      ) : (
        <PanelErrorBoundary name="Filter configuration">
          <FilterPanel workspace={workspace} />
        </PanelErrorBoundary>
      )}
    </Modal>
  );
}
