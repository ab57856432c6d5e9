import type { ReactNode } from 'react';

/** A labelled control in a settings form; the hint sits outside the label so it stays out of the name. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{label}</span>
        {children}
      </label>
      {hint && <span className="text-xs opacity-70">{hint}</span>}
    </div>
  );
}

/** A toggle with its label, and a hint beneath. */
export function ToggleField({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col">
      <label className="flex cursor-pointer items-center justify-between gap-3">
        <span className="text-sm font-medium">{label}</span>
        {children}
      </label>
      {hint && <span className="text-xs opacity-70">{hint}</span>}
    </div>
  );
}
