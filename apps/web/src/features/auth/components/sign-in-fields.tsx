import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FloatingLabelInputProps = ComponentProps<'input'> & {
  label: string;
  /** Classes for the label, which is the visible box (e.g. `flex-1` beside a button). */
  labelClassName?: string;
};

/** A sign-in input whose name floats above it once typed in; the name doubles as its placeholder. */
export function FloatingLabelInput({ label, labelClassName, ...inputProps }: FloatingLabelInputProps) {
  return (
    <label className={labelClassName ? `floating-label ${labelClassName}` : 'floating-label'}>
      <span>{label}</span>
      <input className="input w-full" placeholder={label} {...inputProps} />
    </label>
  );
}

/** The "Remember me" box both sign-in forms keep in the auth store. */
export function RememberMeCheckbox({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <label className="label cursor-pointer gap-2">
      <input type="checkbox" className="checkbox checkbox-sm" {...registration} />
      <span>Remember me</span>
    </label>
  );
}

/** A sign-in form's submit button: disabled with a spinner while the sign-in runs. */
export function SignInButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={isPending}>
      {isPending && <span className="loading loading-spinner loading-sm" aria-hidden />}
      {children}
    </button>
  );
}
