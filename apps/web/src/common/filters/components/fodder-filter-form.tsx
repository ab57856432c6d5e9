import { zodResolver } from '@hookform/resolvers/zod';
import {
  FODDER_RATING_MAX,
  FODDER_RATING_MIN,
  fodderFilterSchema,
  qualityLabels,
  type FodderFilter,
} from '@tradedesk/domain';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { LabeledInput, SelectField } from '../../../components/ui/form-controls';
import { useFilterSubmit } from '../hooks/use-filter-submit';
import { FilterFormFrame, type SnipeFilterFormProps } from './filter-form-frame';
import type { FilterFormValues } from './filter-form-values';
import { FollowUpFields } from './follow-up-fields';
import { MinProfitInputs } from './min-profit-inputs';
import { PriceController } from './price-controller';

const fodderQualityOptions = [
  { value: 'gold', label: qualityLabels.gold },
  { value: 'special', label: qualityLabels.special },
];

/** The fodder form's labels, which name a field in its toast. */
const fodderFieldLabels: Record<string, string> = {
  label: 'Label',
  'player.rating': 'Rating',
  'player.minPrice': 'Min Buy Now Price',
  'player.maxPrice': 'Max Buy Now Price',
  'player.minProfit.value': 'Min Profits',
  'followUp.startPrice': 'Start Price',
  'followUp.buyNowPrice': 'Buy Now Price',
};

/**
 * The Fodder filter form: cards of one rating (84–94), gold or special, in a Buy Now band with a
 * minimum profit over the going price of that rating, and a follow-up.
 */
export function FodderFilterForm({ filter, filters, onSaved }: SnipeFilterFormProps<FodderFilter>) {
  const { isSelected: _selection, ...initial } = filter as FodderFilter & { isSelected?: boolean };
  const form = useForm<FodderFilter>({
    defaultValues: initial,
    resolver: zodResolver(fodderFilterSchema) as unknown as Resolver<FodderFilter>,
  });
  const { register, control, reset, formState } = form;
  const errors = formState.errors;

  const { submit, confirmation } = useFilterSubmit({
    form,
    filter,
    filters,
    schema: fodderFilterSchema,
    fieldLabels: fodderFieldLabels,
    onSaved,
  });

  return (
    <FilterFormFrame
      filterLabel={filter.label}
      onSubmit={submit}
      onReset={() => reset(initial)}
      isSubmitting={formState.isSubmitting}
      submitLabel="Save"
      confirmationDialog={confirmation.dialog}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <LabeledInput label="Label" error={errors.label?.message} {...register('label')} />
        <LabeledInput
          label="Rating"
          type="number"
          min={FODDER_RATING_MIN}
          max={FODDER_RATING_MAX}
          error={errors.player?.rating?.message}
          {...register('player.rating', { valueAsNumber: true })}
        />
        <SelectField label="Quality" options={fodderQualityOptions} {...register('player.quality')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <PriceController control={control} name="player.minPrice" label="Min Buy Now Price" />
        <PriceController
          control={control}
          name="player.maxPrice"
          label="Max Buy Now Price"
          error={errors.player?.maxPrice?.message}
        />
        <MinProfitInputs
          value={register('player.minProfit.value', { valueAsNumber: true })}
          unit={register('player.minProfit.unit')}
          error={errors.player?.minProfit?.value?.message}
        />
      </div>
      {/* The follow-up fields read only `type` and `followUp.*`, which a fodder filter has too. */}
      <FollowUpFields form={form as unknown as UseFormReturn<FilterFormValues>} />
    </FilterFormFrame>
  );
}
