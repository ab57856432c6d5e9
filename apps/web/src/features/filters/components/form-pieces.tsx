import { numberUnitOptions } from '@tradedesk/domain';
import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';

/** A field's rule message under it, announced to screen readers. */
export function FieldAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <span role="alert" className="text-error text-sm">
      {message}
    </span>
  );
}

type LabeledInputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
};

/** A labelled input of a filter form, marked (red border, aria-invalid) while its rule fails. */
export function LabeledInput({ label, error, ...inputProps }: LabeledInputProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input input-sm w-full${error ? ' input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        {...inputProps}
      />
      <FieldAlert message={error} />
    </div>
  );
}

type MinProfitInputsProps = {
  value: InputHTMLAttributes<HTMLInputElement>;
  unit: SelectHTMLAttributes<HTMLSelectElement>;
  error?: string | undefined;
};

/** Min Profits: a value and its unit (percentage or fixed). */
export function MinProfitInputs({ value, unit, error }: MinProfitInputsProps) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">Min Profits</span>
      <div className="join w-full">
        <input
          type="number"
          min={0}
          aria-label="Min Profits"
          className="input input-sm join-item w-full"
          {...value}
        />
        <select className="select select-sm join-item w-32" aria-label="Min Profits unit" {...unit}>
          {numberUnitOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldAlert message={error} />
    </div>
  );
}
