import { zodResolver } from '@hookform/resolvers/zod';
import {
  duplicateLabelError,
  FODDER_RATING_MAX,
  FODDER_RATING_MIN,
  firstIssueWithField,
  fodderFilterSchema,
  numberUnitOptions,
  qualityLabels,
  type FilterRef,
  type FodderFilter,
} from '@tradedesk/domain';
import { useId } from 'react';
import { Controller, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { useSaveFilter } from '../api/filter-mutations';
import type { SnipePanelFilter } from '../api/get-filters';
import type { FilterFormValues } from './filter-form-values';
import { FollowUpFields } from './follow-up-fields';
import { PriceInput } from './price-input';
import { SelectField } from './select-field';

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

type FodderFilterFormProps = {
  filter: FodderFilter;
  filters: readonly SnipePanelFilter[];
  onSaved: (stored: SnipePanelFilter & { id: string }, previousRef: FilterRef) => void;
};

/**
 * The Fodder filter form: cards of one rating (84–94), gold or special, in a Buy Now band with a
 * minimum profit over the going price of that rating, and a follow-up.
 */
export function FodderFilterForm({ filter, filters, onSaved }: FodderFilterFormProps) {
  const labelId = useId();
  const ratingId = useId();
  const { isSelected: _selection, ...initial } = filter as FodderFilter & { isSelected?: boolean };
  const form = useForm<FodderFilter>({
    defaultValues: initial,
    resolver: zodResolver(fodderFilterSchema) as unknown as Resolver<FodderFilter>,
  });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const errors = formState.errors;
  const saveFilter = useSaveFilter();

  const submit = handleSubmit(
    async (values) => {
      const labelError = duplicateLabelError(filters, { id: filter.id, label: values.label });
      if (labelError) {
        setError('label', { message: labelError });
        return notify.error(labelError);
      }
      const stored = await saveFilter.mutateAsync({ ...values, id: filter.id } as SnipePanelFilter);
      onSaved(stored, filter.id ?? null);
    },
    () => {
      const parsed = fodderFilterSchema.safeParse(form.getValues());
      if (!parsed.success) notify.error(firstIssueWithField(parsed.error, fodderFieldLabels));
    },
  );

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={submit}
      noValidate
      aria-label={`${filter.label || 'New'} filter`}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={labelId} className="text-sm font-medium">
            Label
          </label>
          <input id={labelId} className="input input-sm w-full" {...register('label')} />
          {errors.label?.message && (
            <span role="alert" className="text-error text-sm">
              {errors.label.message}
            </span>
          )}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ratingId} className="text-sm font-medium">
            Rating
          </label>
          <input
            id={ratingId}
            type="number"
            min={FODDER_RATING_MIN}
            max={FODDER_RATING_MAX}
            className={`input input-sm w-full${errors.player?.rating ? ' input-error' : ''}`}
            aria-invalid={errors.player?.rating ? true : undefined}
            {...register('player.rating', { valueAsNumber: true })}
          />
          {errors.player?.rating?.message && (
            <span role="alert" className="text-error text-sm">
              {errors.player.rating.message}
            </span>
          )}
        </div>
        <SelectField label="Quality" options={fodderQualityOptions} {...register('player.quality')} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Controller
          control={control}
          name="player.minPrice"
          render={({ field }) => (
            <PriceInput label="Min Buy Now Price" value={field.value} onChange={field.onChange} />
          )}
        />
        <Controller
          control={control}
          name="player.maxPrice"
          render={({ field }) => (
            <PriceInput
              label="Max Buy Now Price"
              value={field.value}
              onChange={field.onChange}
              error={errors.player?.maxPrice?.message}
            />
          )}
        />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium">Min Profits</span>
          <div className="join w-full">
            <input
              type="number"
              min={0}
              aria-label="Min Profits"
              className="input input-sm join-item w-full"
              {...register('player.minProfit.value', { valueAsNumber: true })}
            />
            <select
              className="select select-sm join-item w-32"
              aria-label="Min Profits unit"
              {...register('player.minProfit.unit')}
            >
              {numberUnitOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {/* The follow-up fields read only `type` and `followUp.*`, which a fodder filter has too. */}
      <FollowUpFields form={form as unknown as UseFormReturn<FilterFormValues>} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-sm" onClick={() => reset(initial)}>
          Reset
        </button>
        <button type="submit" className="btn btn-sm btn-primary" disabled={formState.isSubmitting}>
          Save
        </button>
      </div>
    </form>
  );
}
