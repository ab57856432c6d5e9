import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PriceInput, type PriceInputProps } from './price-input';

type PriceControllerProps<Values extends FieldValues> = Omit<PriceInputProps, 'value' | 'onChange'> & {
  control: Control<Values>;
  name: FieldPath<Values>;
};

/** A PriceInput bound to a react-hook-form price field. */
export function PriceController<Values extends FieldValues>({
  control,
  name,
  ...priceProps
}: PriceControllerProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        // Only price paths are bound here; the generic form type cannot say so.
        <PriceInput {...priceProps} value={field.value as number | string} onChange={field.onChange} />
      )}
    />
  );
}
