import { duplicateLabelError, firstIssueWithField, type FilterRef } from '@tradedesk/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ZodTypeAny } from 'zod';
import { notify } from '../../../lib/notify';
import { useUpdateConfirmation } from '../../../components/ui/update-confirmation';
import { useSaveFilter } from '../api/filter-mutations';
import type { SnipePanelFilter } from '../api/get-filters';

interface FilterSubmitOptions<Values extends FieldValues & { label: string }> {
  form: UseFormReturn<Values>;
  /** The filter being edited (no id: a new one). */
  filter: { id?: string | undefined; label: string };
  /** Every filter of the panel, for the same-label rule. */
  filters: readonly SnipePanelFilter[];
  schema: ZodTypeAny;
  /** The form's labels, which name a field in the invalid-form toast ('Min Profits: …'). */
  fieldLabels: Record<string, string>;
  onSaved: (stored: SnipePanelFilter & { id: string }, previousRef: FilterRef) => void;
  /** A refused save (the query client has already toasted it), for marking a field. */
  onSaveError?: (error: unknown) => void;
}

/**
 * The save of every snipe filter form: the same-label rule, the confirmation when a running
 * account uses the filter, the save, and a toast naming the first invalid field.
 */
export function useFilterSubmit<Values extends FieldValues & { label: string }>(
  options: FilterSubmitOptions<Values>,
) {
  const { form, filter, filters, schema, fieldLabels, onSaved, onSaveError } = options;
  const saveFilter = useSaveFilter();
  const confirmation = useUpdateConfirmation();
  const submit = form.handleSubmit(
    async (values) => {
      const labelError = duplicateLabelError(filters, { id: filter.id, label: values.label });
      if (labelError) {
        form.setError('label' as Path<Values>, { message: labelError });
        return notify.formIssue('filter', labelError);
      }
      notify.clearFormIssue('filter');
      // A filter a running account uses: the user confirms knowing the run keeps its copy.
      if (filter.id && !(await confirmation.confirm({ kind: 'filter', id: filter.id, label: filter.label })))
        return;
      try {
        const stored = await saveFilter.mutateAsync({
          ...values,
          id: filter.id,
        } as unknown as SnipePanelFilter);
        onSaved(stored, filter.id ?? null);
      } catch (error) {
        onSaveError?.(error);
      }
    },
    () => {
      const parsed = schema.safeParse(form.getValues());
      if (!parsed.success) notify.formIssue('filter', firstIssueWithField(parsed.error, fieldLabels));
    },
  );
  return { submit, isSaving: saveFilter.isPending, confirmation };
}
