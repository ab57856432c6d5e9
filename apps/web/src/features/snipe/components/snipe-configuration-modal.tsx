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
  account: Account | null;
  initialFilterIds: readonly string[];
  onStart: (account: Account, selected: SnipePanelFilter[]) => boolean;
  onClose: () => void;
};

/**
 * Snipe Configuration: choose the filters for this run, then Start (spec §2). Start waits while a
 * filter or setting is being saved: until then the selection holds the unsaved draft.
 */
export function SnipeConfigurationModal({ account, ...props }: SnipeConfigurationModalProps) {
  if (!account) return null;
  return <SnipeConfigurationBody key={account.id} account={account} {...props} />;
}

function SnipeConfigurationBody({
  account,
  initialFilterIds,
  onStart,
  onClose,
}: SnipeConfigurationModalProps & { account: Account }) {
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
      title={`Snipe Configuration — ${account.email}`}
      onClose={onClose}
      actions={
        <ModalActions
          confirmLabel="Start"
          isDisabled={isSaving}
          onConfirm={() => onStart(account, workspace.selected) && onClose()}
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
