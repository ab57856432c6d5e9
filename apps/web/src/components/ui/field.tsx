import { useId, type ReactNode } from 'react';

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

/** A field's rule message under it, announced to screen readers. */
export function FieldAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <span role="alert" className="text-error text-sm">
      {message}
    </span>
  );
}

type LabelledControlProps = {
  label: string;
  error?: string | undefined;
  /** Renders the control (or a group holding it) and puts `controlId` on the control itself. */
  children: (controlId: string) => ReactNode;
};

/**
 * A name above a control tied by `htmlFor`, for controls that sit beside buttons (which a wrapping
 * label would claim), with the rule message beneath.
 */
export function LabelledControl({ label, error, children }: LabelledControlProps) {
  const controlId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
      </label>
      {children(controlId)}
      <FieldAlert message={error} />
    </div>
  );
}
