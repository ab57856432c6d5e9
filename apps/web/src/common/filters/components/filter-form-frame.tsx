import type { FilterRef } from '@tradedesk/domain';
import type { FormEventHandler, ReactNode } from 'react';
import type { SnipePanelFilter } from '../api/get-filters';

/** The props of every snipe filter form, for the kind of filter it edits. */
export type SnipeFilterFormProps<Filter> = {
  filter: Filter;
  /** Every filter of the panel, for the same-label rule. */
  filters: readonly SnipePanelFilter[];
  onSaved: (stored: SnipePanelFilter & { id: string }, previousRef: FilterRef) => void;
};

type FilterFormFrameProps = {
  /** The filter's label; a new filter is named 'New'. */
  filterLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onReset: () => void;
  isSubmitting: boolean;
  submitLabel: string;
  /** The running-update confirmation of `useFilterSubmit`. */
  confirmationDialog: ReactNode;
  children: ReactNode;
};

/** What every snipe filter form shares: its accessible name, the fields, then Reset and the submit button. */
export function FilterFormFrame({
  filterLabel,
  onSubmit,
  onReset,
  isSubmitting,
  submitLabel,
  confirmationDialog,
  children,
}: FilterFormFrameProps) {
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={onSubmit}
      noValidate
      aria-label={`${filterLabel || 'New'} filter`}
    >
      {children}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-sm" onClick={onReset}>
          Reset
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={isSubmitting}>
          {submitLabel}
        </button>
      </div>
      {confirmationDialog}
    </form>
  );
}
