import { useId, type SelectHTMLAttributes } from 'react';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string | number; label: string }[];
};

/** A labelled dropdown of a filter form. */
export function SelectField({ label, options, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select select-sm w-full" {...selectProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Named ids (nations, leagues, clubs) as dropdown options. */
export const namedIdOptions = (rows: readonly { id: number; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));
