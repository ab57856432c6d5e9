import type { ComponentProps } from 'react';
import { Field, LabelledControl } from './field';
import { markInvalid } from './invalid-marking';

type LabeledInputProps = ComponentProps<'input'> & { label: string; error?: string | undefined };

/** A labelled input, marked (red border, aria-invalid) while its rule fails. */
export function LabeledInput({ label, error, ...inputProps }: LabeledInputProps) {
  return (
    <LabelledControl label={label} error={error}>
      {(controlId) => (
        <input id={controlId} {...markInvalid('input input-sm w-full', Boolean(error))} {...inputProps} />
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

type TextFieldProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  label: string;
  hint?: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A labelled text input whose text lives in the caller's state. */
export function TextField({ label, hint, onValueChange, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint}>
      <input {...inputProps} onChange={(event) => onValueChange(event.target.value)} />
    </Field>
  );
}
