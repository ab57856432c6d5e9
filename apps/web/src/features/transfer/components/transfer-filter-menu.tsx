import { successMessages, type TransferFilter } from '@tradedesk/domain';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useTransferStore } from '../../../stores/transfer-store';
import { DeleteFilterModal, ImportFilterModal, ShareFilterModal } from '../../../common/filters';

type OpenModal = 'import' | 'share' | 'delete' | null;

/** The editor's menu: add a 'Transfer Filter', Import, Share, Delete and the number-format toggle. */
export function TransferFilterMenu({
  filter,
  onAdd,
  onDeleted,
}: {
  filter: TransferFilter | undefined;
  onAdd: () => void;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState<OpenModal>(null);
  const isNumberFormatEnabled = useTransferStore((state) => state.isNumberFormatEnabled);
  const toggleNumberFormat = useTransferStore((state) => state.toggleNumberFormat);
  const close = () => setOpen(null);
  const choose = (action: () => void) => () => {
    action();
    (document.activeElement as HTMLElement | null)?.blur();
  };
  return (
    <>
      <div className="dropdown dropdown-end">
        <div tabIndex={0} role="button" className="btn btn-sm btn-ghost" aria-label="Filter menu">
          ⋮
        </div>
        <ul tabIndex={0} className="menu dropdown-content bg-base-100 rounded-box z-20 w-56 p-2 shadow">
          <li>
            <button type="button" onClick={choose(onAdd)}>
              Transfer Filter
            </button>
          </li>
          <li>
            <button type="button" onClick={choose(() => setOpen('import'))}>
              Import
            </button>
          </li>
          {filter?.id && (
            <>
              <li>
                <button type="button" onClick={choose(() => setOpen('share'))}>
                  Share
                </button>
              </li>
              <li>
                <button type="button" className="text-error" onClick={choose(() => setOpen('delete'))}>
                  Delete
                </button>
              </li>
            </>
          )}
          <li>
            <label className="flex cursor-pointer justify-between">
              Number format
              <input
                type="checkbox"
                className="toggle toggle-sm"
                checked={isNumberFormatEnabled}
                onChange={() =>
                  notify.success(
                    toggleNumberFormat()
                      ? successMessages.enabledNumberFormat
                      : successMessages.disabledNumberFormat,
                  )
                }
              />
            </label>
          </li>
        </ul>
      </div>
      <ImportFilterModal
        isOpen={open === 'import'}
        onClose={close}
        title="Import Transfer Filter"
        type="transfer"
      />
      {filter?.id && (
        <>
          <ShareFilterModal isOpen={open === 'share'} filterId={filter.id} onClose={close} />
          <DeleteFilterModal
            isOpen={open === 'delete'}
            filter={filter}
            onClose={close}
            onDeleted={onDeleted}
          />
        </>
      )}
    </>
  );
}
