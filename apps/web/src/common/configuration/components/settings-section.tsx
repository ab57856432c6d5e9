import { firstIssueWithField, isSameValue } from '@tradedesk/domain';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateConfirmation } from '../../../components/ui/update-confirmation';
import { notify } from '../../../lib/notify';

type SettingsSectionProps<T extends FieldValues> = {
  title: string;
  /** The stored value: Cancel returns to it and Save stays disabled while the form equals it. */
  stored: T;
  /** What Reset puts back. */
  defaults: T;
  schema: z.ZodType<unknown, z.ZodTypeDef, unknown>;
  /**
   * The label of each number field by its path ('delay.min.value'), so a message of the plain
   * error map names the field the user sees ('Delay between Snipes min must be a number', not
   * 'Value must be a number'). The spec's own messages stay as they are. A list's rows take
   * theirs from the values being saved.
   */
  fieldLabels?: Readonly<Record<string, string>> | ((values: T) => Readonly<Record<string, string>>);
  isSaving: boolean;
  onSave: (value: T) => void;
  /**
   * The group's name when a run uses it as it was at its start (time, advanced, market): saving
   * while an account is sniping asks first (an update confirmation).
   */
  runningUpdate?: string;
  children: (form: UseFormReturn<T>) => ReactNode;
};

/**
 * A collapsible settings section with Cancel, Reset and Save (spec §2). The shared schema
 * checks the form before saving; its first issue shows as an error toast (spec §5), naming the
 * field by its label where the schema's key would not.
 */
export function SettingsSection<T extends FieldValues>({
  title,
  stored,
  defaults,
  schema,
  fieldLabels = {},
  isSaving,
  onSave,
  runningUpdate,
  children,
}: SettingsSectionProps<T>) {
  const confirmation = useUpdateConfirmation();
  const form = useForm<T>({ defaultValues: stored as DefaultValues<T>, values: stored });
  const isUnchanged = isSameValue(form.watch(), stored);
  const submit = form.handleSubmit(async (values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const labels = typeof fieldLabels === 'function' ? fieldLabels(values) : fieldLabels;
      notify.formIssue(title, firstIssueWithField(parsed.error, labels, { keepRuleMessages: true }));
      return;
    }
    notify.clearFormIssue(title);
    if (runningUpdate !== undefined) {
      const isConfirmed = await confirmation.confirm({ kind: 'configuration', name: runningUpdate });
      if (!isConfirmed) return;
    }
    onSave(parsed.data as T);
  });
  return (
    <details className="collapse-arrow bg-base-200 border-base-300 collapse border" open>
      <summary className="collapse-title font-semibold">{title}</summary>
      <form className="collapse-content flex flex-col gap-3" onSubmit={submit} noValidate aria-label={title}>
        {children(form)}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-sm" onClick={() => form.reset(stored)}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => form.reset(defaults, { keepDefaultValues: true })}
          >
            Reset
          </button>
          <button type="submit" className="btn btn-sm btn-primary" disabled={isUnchanged || isSaving}>
            Save
          </button>
        </div>
      </form>
      {confirmation.dialog}
    </details>
  );
}
