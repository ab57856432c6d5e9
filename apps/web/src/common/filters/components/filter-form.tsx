import { zodResolver } from '@hookform/resolvers/zod';
import { searchOptionOptions } from '@tradedesk/domain';
import { useForm, type Resolver } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { LabeledInput, SelectField } from '../../../components/ui/form-controls';
import { useFilterSubmit } from '../hooks/use-filter-submit';
import { CriteriaFields } from './criteria-fields';
import { FilterFormFrame, type SnipeFilterFormProps } from './filter-form-frame';
import { formValuesOf, schemaOf, type FilterFormValues, type SearchFilter } from './filter-form-values';
import { FollowUpFields } from './follow-up-fields';
import { MinProfitInputs } from './min-profit-inputs';
import { PlayerNameField } from './player-name-field';
import { PriceController } from './price-controller';

/** The form's labels, which name a field in its toast ('Min Profits: …'). */
export const filterFieldLabels: Record<string, string> = {
  label: 'Label',
  name: 'Name',
  minPrice: 'Min Buy Now Price',
  maxPrice: 'Max Buy Now Price',
  minProfit: 'Min Profits',
  'minProfit.value': 'Min Profits',
  rating: 'Rating',
  'followUp.startPrice': 'Start Price',
  'followUp.buyNowPrice': 'Buy Now Price',
  'followUp.percentage': 'Percent',
};

/** The Normal and 59th Minute filter forms (spec §2): one form, the kind decides the fields. */
export function FilterForm({ filter, filters, onSaved }: SnipeFilterFormProps<SearchFilter>) {
  const initial = formValuesOf(filter);
  const schema = schemaOf(initial.type);
  const form = useForm<FilterFormValues>({
    defaultValues: initial,
    resolver: zodResolver(schema) as unknown as Resolver<FilterFormValues>,
  });
  const { register, watch, control, setError, setValue, reset, formState } = form;
  const isNormal = initial.type === 'normal';
  const listsAtPriceSite = watch('followUp.action') === 'list_at_price_site_price';
  const errors = formState.errors;

  const { submit, confirmation } = useFilterSubmit({
    form,
    filter,
    filters,
    schema,
    fieldLabels: filterFieldLabels,
    onSaved,
    // The server checks the name against the price database ('Player not found in …');
    // the query client already toasts its message, the form marks the field.
    onSaveError: (error) => {
      if (error instanceof ApiError && error.code === 'player_not_found')
        setError('name', { message: error.message });
    },
  });

  return (
    <FilterFormFrame
      filterLabel={filter.label}
      onSubmit={submit}
      onReset={() => reset(initial)}
      isSubmitting={formState.isSubmitting}
      submitLabel={isNormal ? 'Save' : 'Update'}
      confirmationDialog={confirmation.dialog}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <LabeledInput label="Label" error={errors.label?.message} {...register('label')} />
        {isNormal && (
          <PlayerNameField
            value={watch('name')}
            rarity={watch('rarity')}
            error={errors.name?.message}
            onChange={(name) => setValue('name', name, { shouldDirty: true })}
            onPick={(player) => {
              setValue('name', player.name, { shouldDirty: true });
              if (typeof player.id === 'number') setValue('playerId', player.id);
            }}
          />
        )}
      </div>
      <CriteriaFields form={form} />
      <div className="grid gap-3 sm:grid-cols-3">
        <PriceController control={control} name="minPrice" label="Min Buy Now Price" />
        {!(isNormal && listsAtPriceSite) && (
          <PriceController
            control={control}
            name="maxPrice"
            label="Max Buy Now Price"
            error={errors.maxPrice?.message}
          />
        )}
        {(!isNormal || listsAtPriceSite) && (
          <MinProfitInputs
            value={register('minProfit.value', { valueAsNumber: true })}
            unit={register('minProfit.unit')}
            error={errors.minProfit?.value?.message}
          />
        )}
      </div>
      <FollowUpFields form={form} />
      {isNormal && (
        <SelectField label="Search Option" options={searchOptionOptions} {...register('searchOption')} />
      )}
      {isNormal && <span className="-mt-2 text-xs opacity-70">Top to bottom is faster.</span>}
    </FilterFormFrame>
  );
}
