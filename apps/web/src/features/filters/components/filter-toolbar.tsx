import { COPY_CONFIRMATION_MS, isValidFilterCode } from '@tradedesk/domain';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../lib/notify';
import { useDeleteFilter, useImportFilter, useShareFilterCode } from '../api/filter-mutations';
import type { SnipePanelFilter } from '../api/get-filters';
import type { FilterWorkspace } from '../state/use-filter-workspace';

type OpenModal = 'import' | 'share' | 'delete' | null;

/** Add (Normal / 59th Minute), import, share and delete, each shown only when the rules allow. */
export function FilterToolbar({ workspace }: { workspace: FilterWorkspace }) {
  const [openModal, setOpenModal] = useState<OpenModal>(null);
  const close = () => setOpenModal(null);
  const active = workspace.activeFilter;
  const add = (kind: 'normal' | 'rarity') => {
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
          </ul>
        </div>
      )}
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        aria-label="Import filter"
        onClick={() => setOpenModal('import')}
      >
        Import
      </button>
      {workspace.canShareOrDelete && active?.id && (
        <>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            aria-label="Share filter"
            onClick={() => setOpenModal('share')}
          >
            Share
          </button>
          <button
            type="button"
            className="btn btn-sm btn-ghost text-error"
            aria-label="Delete filter"
            onClick={() => setOpenModal('delete')}
          >
            Delete
          </button>
        </>
      )}
      {active && !active.id && (
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-label="Discard new filter"
          onClick={() => workspace.removed(null)}
        >
          Discard
        </button>
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

function ImportFilterModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [code, setCode] = useState('');
  const importFilter = useImportFilter();
  const close = () => {
    setCode('');
    onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      title="Import Snipe Filter"
      onClose={close}
      actions={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!isValidFilterCode(code) || importFilter.isPending}
            onClick={() => importFilter.mutate({ code: code.trim(), type: 'snipe' }, { onSuccess: close })}
          >
            Confirm
          </button>
        </>
      }
    >
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Filter code</span>
        <input className="input w-full" value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
    </Modal>
  );
}

function ShareFilterModal({
  isOpen,
  filterId,
  onClose,
}: {
  isOpen: boolean;
  filterId: string;
  onClose: () => void;
}) {
  const share = useShareFilterCode();
  const [isCopied, setIsCopied] = useState(false);
  const { mutate } = share;
  useEffect(() => {
    if (isOpen) mutate(filterId);
  }, [isOpen, filterId, mutate]);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    if (!share.data) return;
    await navigator.clipboard?.writeText(share.data).catch(() => undefined);
    setIsCopied(true);
  };
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
          value={share.data ?? ''}
        />
        <button type="button" className="btn join-item" disabled={!share.data} onClick={() => void copy()}>
          {isCopied ? 'Copied!' : 'Copy'}
        </button>
      </div>
    </Modal>
  );
}

function DeleteFilterModal(props: {
  isOpen: boolean;
  filter: SnipePanelFilter;
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
    <Modal
      isOpen={isOpen}
      title="Delete Filter"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" disabled={deleteFilter.isPending} onClick={confirm}>
            Delete
          </button>
        </>
      }
    >
      Delete the filter <strong>{filter.label}</strong>?
    </Modal>
  );
}
