import {
  followUpActionLabels,
  followUpActionOptions,
  listingDurationOptions,
  nextFollowUpPercentage,
  reconcileBidAndBuyNow,
} from '@tradedesk/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FieldAlert } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/form-controls';
import type { FilterFormValues } from './filter-form-values';
import { PriceController } from './price-controller';

/** Follow-up Action: what happens to a bought card, with the inputs that action needs. */
export function FollowUpFields({ form }: { form: UseFormReturn<FilterFormValues> }) {
  const { register, watch, control, setValue, getValues, formState } = form;
  const type = watch('type');
  const action = watch('followUp.action');
  // A 59th Minute filter can only list on the transfer list (spec §2).
  const actions =
    type === 'rarity'
      ? [{ value: 'list_on_transfer_list', label: followUpActionLabels.list_on_transfer_list }]
      : followUpActionOptions;
  const reconcile = (changed: 'bid' | 'buyNow') => {
    const prices = reconcileBidAndBuyNow(
      { bid: Number(getValues('followUp.startPrice')), buyNow: Number(getValues('followUp.buyNowPrice')) },
      changed,
    );
    setValue('followUp.startPrice', prices.bid, { shouldDirty: true });
    setValue('followUp.buyNowPrice', prices.buyNow, { shouldDirty: true });
  };
  return (
    <fieldset className="border-base-300 rounded-box grid gap-3 border p-3 sm:grid-cols-2">
      <legend className="px-1 font-semibold">Follow-up Action</legend>
      <SelectField label="Action" options={actions} {...register('followUp.action')} />
      {action === 'list_on_transfer_list' && type === 'rarity' && (
        <>
          {/* A 59th Minute run lists each card at its own price (docs/decisions/snipe-engine.md):
              fixed Start and Buy Now prices would be ignored, so none are asked for. */}
          <p className="text-sm opacity-70">Each card is listed at its own price-database price.</p>
          <SelectField
            label="Duration"
            options={listingDurationOptions}
            {...register('followUp.duration', { setValueAs: Number })}
          />
        </>
      )}
      {action === 'list_on_transfer_list' && type !== 'rarity' && (
        <>
          <PriceController
            control={control}
            name="followUp.startPrice"
            label="Start Price"
            lowestTier={150}
            onCommit={() => reconcile('bid')}
          />
          <PriceController
            control={control}
            name="followUp.buyNowPrice"
            label="Buy Now Price"
            lowestTier={150}
            onCommit={() => reconcile('buyNow')}
            error={formState.errors.followUp?.buyNowPrice?.message}
          />
          <SelectField
            label="Duration"
            options={listingDurationOptions}
            {...register('followUp.duration', { setValueAs: Number })}
          />
        </>
      )}
      {action === 'list_at_price_site_price' && (
        <Controller
          control={control}
          name="followUp.percentage"
          render={({ field }) => (
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">Percent</span>
              <input
                type="number"
                min={0}
                max={100}
                className="input input-sm w-full"
                value={field.value}
                onChange={(event) =>
                  field.onChange(nextFollowUpPercentage(Number(field.value), event.target.value))
                }
              />
            </label>
          )}
        />
      )}
      <FieldAlert message={formState.errors.followUp?.action?.message} />
    </fieldset>
  );
}
