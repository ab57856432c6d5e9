import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';

/** A settings switch: its label, the toggle bound to the form field, and a hint beneath. */
export function ToggleField({
  label,
  hint,
  registration,
}: {
  label: string;
  hint?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex flex-col">
      <label className="flex cursor-pointer items-center justify-between gap-3">
        <span className="text-sm font-medium">{label}</span>
        <input type="checkbox" className="toggle toggle-primary" {...registration} />
      </label>
      {hint && <span className="text-xs opacity-70">{hint}</span>}
    </div>
  );
}

/** A settings number: its label, the input bound to the form field, and a hint beneath. */
export function NumberField({
  label,
  hint,
  registration,
  min = 0,
  max,
  disabled,
}: {
  label: string;
  hint?: string;
  /** Register with `valueAsNumber` so the form holds a number. */
  registration: UseFormRegisterReturn;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  return (
    <Field label={label} hint={hint}>
      <input
        type="number"
        min={min}
        max={max}
        className="input input-sm w-full"
        disabled={disabled}
        {...registration}
      />
    </Field>
  );
}
