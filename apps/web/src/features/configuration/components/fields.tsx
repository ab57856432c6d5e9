import type { ReactNode } from 'react';

/** A labelled control in a settings form, with an optional hint beneath. */
export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      {children}
      {hint && <span className="text-xs opacity-70">{hint}</span>}
    </label>
  );
}

/** A toggle with its label and a hint. */
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
    <label className="flex cursor-pointer items-start justify-between gap-3">
      <span className="flex flex-col">
        <span className="text-sm font-medium">{label}</span>
        {hint && <span className="text-xs opacity-70">{hint}</span>}
      </span>
      {children}
    </label>
  );
}
