import { numberUnitOptions } from '@tradedesk/domain';
import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { FieldAlert } from '../../../components/ui/field';
import { SelectOptions } from '../../../components/ui/form-controls';

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
          <SelectOptions options={numberUnitOptions} />
        </select>
      </div>
      <FieldAlert message={error} />
    </div>
  );
}
