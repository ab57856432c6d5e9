import type { UseFormRegisterReturn } from 'react-hook-form';

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
