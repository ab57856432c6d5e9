import { isValidFilterCode } from '@tradedesk/domain';
import { useEffect, useState } from 'react';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/form-controls';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import { useOnceWhilePending } from '../../../components/ui/use-once-while-pending';
import { notify } from '../../../lib/notify';
import { useDeleteFilter, useImportFilter, useShareFilterCode } from '../api/filter-mutations';
import type { SnipePanelFilter } from '../api/get-filters';
import type { FilterWorkspace, NewFilterKind } from '../state/use-filter-workspace';

type OpenModal = 'import' | 'share' | 'delete' | null;

function ToolbarButton({
  label,
  isDanger = false,
  onClick,
  children,
}: {
  label: string;
  isDanger?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-ghost${isDanger ? ' text-error' : ''}`}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Add (Normal / 59th Minute / Fodder), import, share and delete, each shown only when the rules allow. */
export function FilterToolbar({ workspace }: { workspace: FilterWorkspace }) {
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const close = () => setOpenModal(null);
  const active = workspace.activeFilter;
  const add = (kind: NewFilterKind) => {
    const problem = workspace.add(kind);
    if (problem) notify.error(problem);
    (document.activeElement as HTMLElement | null)?.blur();
  };
  return (
    <div className="flex items-center gap-1">
      {workspace.canAdd && (
        <div className="dropdown dropdown-end">
          <div tabIndex={0} role="button" className="btn btn-sm btn-outline" aria-label="Add filter">
            + Add
          </div>
          <ul tabIndex={0} className="menu dropdown-content bg-base-100 rounded-box z-20 w-48 p-2 shadow">
            <li>
              <button type="button" onClick={() => add('normal')}>
                Normal Filter
              </button>
            </li>
            <li>
              <button type="button" onClick={() => add('rarity')}>
                59th Minute Filter
              </button>
            </li>
            <li>
              <button type="button" onClick={() => add('fodder')}>
                Fodder Filter
              </button>
            </li>
          </ul>
        </div>
      )}
      <ToolbarButton label="Import filter" onClick={() => setOpenModal('import')}>
        Import
      </ToolbarButton>
      {workspace.canShareOrDelete && active?.id && (
        <>
          <ToolbarButton label="Share filter" onClick={() => setOpenModal('share')}>
            Share
          </ToolbarButton>
          <ToolbarButton label="Delete filter" isDanger onClick={() => setOpenModal('delete')}>
            Delete
          </ToolbarButton>
        </>
      )}
      {active && !active.id && (
        <ToolbarButton label="Discard new filter" onClick={() => workspace.removed(null)}>
          Discard
        </ToolbarButton>
      )}
      <ImportFilterModal isOpen={openModal === 'import'} onClose={close} />
      {active?.id && <ShareFilterModal isOpen={openModal === 'share'} filterId={active.id} onClose={close} />}
      {active && (
        <DeleteFilterModal
          isOpen={openModal === 'delete'}
          filter={active}
          onClose={close}
          onDeleted={() => workspace.removed(active.id ?? null)}
        />
      )}
    </div>
  );
}

/** Import by a 20-character code; the transfer page imports transfer filters with its own title. */
export function ImportFilterModal({
  isOpen,
  onClose,
  title = 'Import Snipe Filter',
  type = 'snipe',
}: {
  isOpen: boolean;
  onClose: () => void;
  title?: string;
  type?: 'snipe' | 'transfer';
}) {
  const [code, setCode] = useState('');
  const importFilter = useImportFilter();
  const close = () => {
    setCode('');
    onClose();
  };
  const submitImport = useOnceWhilePending(
    () => importFilter.mutate({ code: code.trim(), type }, { onSuccess: close }),
    importFilter.isPending,
  );
  return (
    <Modal
      isOpen={isOpen}
      title={title}
      onClose={close}
      actions={
        <ModalActions
          confirmLabel="Confirm"
          isDisabled={!isValidFilterCode(code)}
          isPending={submitImport.isHeld}
          onConfirm={submitImport.run}
          onCancel={close}
        />
      }
    >
      <TextField label="Filter code" className="input w-full" value={code} onValueChange={setCode} />
    </Modal>
  );
}

export function ShareFilterModal({
  isOpen,
  filterId,
  onClose,
}: {
  isOpen: boolean;
  filterId: string;
  onClose: () => void;
}) {
  const share = useShareFilterCode();
  const { mutate } = share;
  // The last answer may be another filter's code until this filter's arrives: never show that one.
  const code = share.variables === filterId ? share.data : undefined;
  useEffect(() => {
    if (isOpen) mutate(filterId);
  }, [isOpen, filterId, mutate]);
  return (
    <Modal
      isOpen={isOpen}
      title="Share Your Filter"
      onClose={onClose}
      actions={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="join w-full">
        <input
          className="input join-item w-full font-mono"
          readOnly
          aria-label="Share code"
          value={code ?? ''}
        />
        <CopyButton text={code} className="btn join-item" />
      </div>
    </Modal>
  );
}

export function DeleteFilterModal(props: {
  isOpen: boolean;
  filter: Pick<SnipePanelFilter, 'id' | 'label'>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { isOpen, filter, onClose, onDeleted } = props;
  const deleteFilter = useDeleteFilter();
  const confirm = () => {
    if (!filter.id) return;
    deleteFilter.mutate(
      { id: filter.id, label: filter.label },
      {
        onSuccess: () => {
          onDeleted();
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmModal
      isOpen={isOpen}
      title="Delete Filter"
      confirmLabel="Delete"
      isDanger
      isPending={deleteFilter.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete the filter <strong>{filter.label}</strong>?
    </ConfirmModal>
  );
}
