import type { ComponentProps } from 'react';
import { LabelledControl } from './field';

type LabeledInputProps = ComponentProps<'input'> & { label: string; error?: string | undefined };

/** A labelled input, marked (red border, aria-invalid) while its rule fails. */
export function LabeledInput({ label, error, ...inputProps }: LabeledInputProps) {
  return (
    <LabelledControl label={label} error={error}>
      {(controlId) => (
        <input
          id={controlId}
          className={`input input-sm w-full${error ? ' input-error' : ''}`}
          aria-invalid={error ? true : undefined}
          {...inputProps}
        />
      )}
    </LabelledControl>
  );
}

export type SelectOption = { value: string | number; label: string };

/** A dropdown's choices, each shown by its label. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

type SelectFieldProps = ComponentProps<'select'> & { label: string; options: readonly SelectOption[] };

/** A labelled dropdown. */
export function SelectField({ label, options, ...selectProps }: SelectFieldProps) {
  return (
    <LabelledControl label={label}>
      {(controlId) => (
        <select id={controlId} className="select select-sm w-full" {...selectProps}>
          <SelectOptions options={options} />
        </select>
      )}
    </LabelledControl>
  );
}
