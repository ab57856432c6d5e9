import {
  canProceedTransfer,
  canSaveTransferFilter,
  defaultTransferFilter,
  duplicateLabelError,
  firstIssueMessage,
  formatCoins,
  listingDurationOptions,
  qualityOptions,
  rarityOptions,
  reconcileBidAndBuyNow,
  setAutoBuyBack,
  setAutoList,
  taxBreakdown,
  transferFilterSchema,
  transferPriceMinimumError,
  unknownPriceRange,
  type TransferFilter,
  type TransferPlayer,
} from '@tradedesk/domain';
import { useEffect, useId, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useIsSavingRunInput } from '../../../lib/run-inputs';
import { useTransferStore } from '../../../stores/transfer-store';
import { SelectField } from '../../../components/ui/form-controls';
import { PlayerNameField, PriceInput, useSaveFilter } from '../../../common/filters';
import { usePlayerRecord } from '../api/get-player-record';
import { SellerTradeables } from './seller-tradeables';
import { TransferFilterMenu } from './transfer-filter-menu';

type EditorProps = {
  filters: readonly TransferFilter[];
  onProceed: (filter: TransferFilter) => void;
  isRunning: boolean;
  /** Asks the seller's session for the card's live lowest Buy Now (left out where there is none). */
  onFetchLivePrice?: (player: TransferPlayer) => void;
  /** The last live lowest Buy Now the market showed for the card (null: none listed). */
  livePrice?: number | null | undefined;
  /** The chosen seller account, whose tradeable players are offered; with the club read it asks for. */
  seller?: { id: string | null; onReadClub: (accountId: string) => void };
};

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3">
      <span className="text-sm font-medium">{label}</span>
      <input
        type="checkbox"
        className="toggle toggle-primary toggle-sm"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}

/**
 * The transfer filter editor (spec 001 §2, §5): the card, its price and listing, the tax
 * calculator and the player's PC and console prices; Reset, Save and Proceed with their rules.
 */
export function TransferFilterEditor({
  filters,
  onProceed,
  isRunning,
  onFetchLivePrice,
  livePrice,
  seller,
}: EditorProps) {
  const labelId = useId();
  const idFieldId = useId();
  const delayId = useId();
  const filterId = useTransferStore((state) => state.filterId);
  const setFilterId = useTransferStore((state) => state.setFilterId);
  const isCompact = useTransferStore((state) => state.isNumberFormatEnabled);
  const stored =
    filters.find((filter) => filter.id === filterId) ?? (filterId === null ? undefined : filters[0]);
  const [draft, setDraft] = useState<TransferFilter>(stored ?? defaultTransferFilter(''));
  useEffect(() => setDraft(stored ?? defaultTransferFilter('')), [stored]);
  const saveFilter = useSaveFilter<TransferFilter>();
  // Proceed sends the focused filter and the transfer settings: it waits while either is saved.
  const isSavingRunInput = useIsSavingRunInput();
  const player = draft.player;
  const record = usePlayerRecord(player.id, player.rarity);
  const setPlayer = (next: Partial<TransferPlayer>) =>
    setDraft((current) => ({ ...current, player: { ...current.player, ...next } }));
  const tax = taxBreakdown(player.value);
  const coins = (value: number) => formatCoins(value, isCompact);
  const hasListing = player.enableAutoList || player.enableAutoBuyBack;
  const reconcile = (changed: 'bid' | 'buyNow', price: number) => {
    const prices = reconcileBidAndBuyNow(
      {
        bid: changed === 'bid' ? price : player.bidPrice,
        buyNow: changed === 'buyNow' ? price : player.buyNowPrice,
      },
      changed,
    );
    setPlayer({ bidPrice: prices.bid, buyNowPrice: prices.buyNow });
  };

  const save = async () => {
    const parsed = transferFilterSchema.safeParse(draft);
    if (!parsed.success) return notify.error(firstIssueMessage(parsed.error));
    const labelError = duplicateLabelError(filters, { id: draft.id, label: draft.label });
    if (labelError) return notify.error(labelError);
    if (record.data && record.data.minPrice !== null) {
      const minimumError = transferPriceMinimumError(player, {
        ...record.data,
        minPrice: record.data.minPrice,
      });
      if (minimumError) return notify.error(minimumError);
    }
    const saved = await saveFilter.mutateAsync(parsed.data).catch(() => undefined);
    if (saved) setFilterId(saved.id);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <select
          className="select select-sm w-full"
          aria-label="Transfer filter"
          value={draft.id ?? ''}
          onChange={(event) => setFilterId(event.target.value || null)}
        >
          {!draft.id && <option value="">New filter</option>}
          {filters.map((filter) => (
            <option key={filter.id} value={filter.id}>
              {filter.label}
            </option>
          ))}
        </select>
        <TransferFilterMenu
          filter={stored}
          onAdd={() => {
            setFilterId(null);
            setDraft(defaultTransferFilter(''));
          }}
          onDeleted={() => setFilterId(null)}
        />
      </div>
      {seller && (
        <SellerTradeables
          sellerId={seller.id}
          onReadClub={seller.onReadClub}
          onPick={(picked) => setPlayer(picked)}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={labelId} className="text-sm font-medium">
            Label
          </label>
          <input
            id={labelId}
            className="input input-sm w-full"
            value={draft.label}
            onChange={(event) => setDraft({ ...draft, label: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={idFieldId} className="text-sm font-medium">
            ID
          </label>
          <input
            id={idFieldId}
            inputMode="numeric"
            className="input input-sm w-full"
            value={player.id === 0 ? '' : String(player.id)}
            onChange={(event) => setPlayer({ id: Number(event.target.value.replace(/\D/g, '')) || 0 })}
          />
        </div>
        <PlayerNameField
          value={player.name}
          rarity={player.rarity}
          onChange={(name) => setPlayer({ name })}
          onPick={(picked) => setPlayer({ name: picked.name, id: Number(picked.id) || 0 })}
        />
        <PriceInput
          label="Buy Now Price"
          lowestTier={150}
          value={player.value}
          onChange={(value) => setPlayer({ value })}
        />
        <SelectField
          label="Quality"
          options={qualityOptions}
          value={player.quality}
          onChange={(event) => setPlayer({ quality: event.target.value as TransferPlayer['quality'] })}
        />
        <SelectField
          label="Rarity"
          options={rarityOptions}
          value={player.rarity}
          onChange={(event) => setPlayer({ rarity: event.target.value as TransferPlayer['rarity'] })}
        />
        <SelectField
          label="Duration"
          options={listingDurationOptions}
          value={player.duration}
          onChange={(event) =>
            setPlayer({ duration: Number(event.target.value) as TransferPlayer['duration'] })
          }
        />
      </div>
      <Toggle
        label="Enable Auto List (Buyer)"
        checked={player.enableAutoList}
        onChange={(on) => setDraft({ ...draft, player: setAutoList(player, on) })}
      />
      <Toggle
        label="Enable Auto Buy Back"
        checked={player.enableAutoBuyBack}
        onChange={(on) => setDraft({ ...draft, player: setAutoBuyBack(player, on) })}
      />
      {hasListing && (
        <fieldset className="grid gap-3 sm:grid-cols-2" aria-label="Auto list">
          <PriceInput
            label="Bid Price"
            lowestTier={150}
            value={player.bidPrice}
            onChange={(price) => reconcile('bid', price)}
          />
          <PriceInput
            label="Listing Buy Now Price"
            lowestTier={150}
            value={player.buyNowPrice}
            onChange={(price) => reconcile('buyNow', price)}
          />
          <SelectField
            label={player.enableAutoBuyBack ? 'Buy Back Duration' : 'Listing Duration'}
            options={listingDurationOptions}
            value={player.enableAutoBuyBack ? player.buyBackDuration : player.duration}
            onChange={(event) => {
              const duration = Number(event.target.value) as TransferPlayer['duration'];
              setPlayer(player.enableAutoBuyBack ? { buyBackDuration: duration } : { duration });
            }}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={delayId} className="text-sm font-medium">
              Delay (ms)
            </label>
            <input
              id={delayId}
              inputMode="numeric"
              className="input input-sm w-full"
              value={String(player.delay)}
              onChange={(event) => setPlayer({ delay: Number.parseInt(event.target.value, 10) || 0 })}
            />
          </div>
        </fieldset>
      )}
      <div className="bg-base-200 rounded-box grid grid-cols-2 gap-2 p-3 text-sm" aria-label="Tax Calculator">
        <span className="col-span-2 font-semibold">Tax Calculator</span>
        <span>Tax</span>
        <span className="text-right" aria-label="Tax">
          {coins(tax.tax)}
        </span>
        <span>Buyer Receives</span>
        <span className="text-right" aria-label="Buyer Receives">
          {coins(tax.receives)}
        </span>
      </div>
      {record.data && (
        <div
          className="bg-base-200 rounded-box flex items-center justify-between p-3 text-sm"
          aria-label="Player card"
        >
          <span className="font-semibold">
            {record.data.name} ({record.data.rating})
          </span>
          <span>PC {record.data.pc.current === null ? '-' : coins(record.data.pc.current)}</span>
          <span>Console {record.data.ps.current === null ? '-' : coins(record.data.ps.current)}</span>
        </div>
      )}
      {record.data && record.data.minPrice === null && player.value > 0 && (
        <p className="text-warning text-sm" role="status">
          {unknownPriceRange(record.data.name)}
        </p>
      )}
      {onFetchLivePrice && (
        <div className="flex items-center justify-between text-sm">
          <span aria-label="Live price">
            Live {livePrice === undefined ? '-' : livePrice === null ? 'none listed' : coins(livePrice)}
          </span>
          <button type="button" className="btn btn-xs" onClick={() => onFetchLivePrice(player)}>
            Fetch Live Price
          </button>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="btn btn-sm"
          disabled={!canSaveTransferFilter(player, stored?.player)}
          onClick={() => setDraft(stored ?? defaultTransferFilter(''))}
        >
          Reset
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={!canSaveTransferFilter(player, stored?.player) || saveFilter.isPending}
          onClick={() => void save()}
        >
          Save
        </button>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!canProceedTransfer(player) || isRunning || isSavingRunInput}
          onClick={() => onProceed(draft)}
        >
          Proceed
        </button>
      </div>
    </div>
  );
}
