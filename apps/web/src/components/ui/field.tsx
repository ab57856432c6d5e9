import type { ReactNode } from 'react';

/** A control with its name above it; the hint sits outside the label so it stays out of the name. */
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
