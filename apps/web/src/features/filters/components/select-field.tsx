import type { SelectHTMLAttributes } from 'react';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string | number; label: string }[];
};

/** A labelled dropdown of a filter form. */
export function SelectField({ label, options, ...selectProps }: SelectFieldProps) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <select className="select select-sm w-full" {...selectProps}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Named ids (nations, leagues, clubs) as dropdown options. */
export const namedIdOptions = (rows: readonly { id: number; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));
