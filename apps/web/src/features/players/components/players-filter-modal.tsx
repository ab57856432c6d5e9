import {
  formatFullNumber,
  MAX_PRICE,
  positionOptions,
  rarityOptions,
  type Position,
  type Rarity,
} from '@tradedesk/domain';
import { useId, useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../../components/ui/form-controls';
import { Modal } from '../../../components/ui/modal';
import { ModalActions } from '../../../components/ui/modal-actions';
import type { PlayersQuery } from '../state/players-query';

type Filters = Pick<PlayersQuery, 'rating' | 'rarity' | 'position' | 'minPrice' | 'maxPrice'>;

type Props = {
  isOpen: boolean;
  initial: Filters;
  onApply: (filters: Filters) => void;
  onClose: () => void;
};

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Rating, rarity and price range; the problem is shown beside the form, nothing is applied. */
function validate(filters: Filters): string | null {
  const { rating, minPrice, maxPrice } = filters;
  if (rating !== undefined && (!Number.isInteger(rating) || rating < 1 || rating > 99))
    return 'Rating must be from 1 to 99';
  for (const [label, price] of [
    ['Min price', minPrice],
    ['Max price', maxPrice],
  ] as const)
    if (price !== undefined) {
      if (!Number.isInteger(price) || price < 0) return `${label} must be a whole number`;
      // The address keeps prices up to the game's maximum only; a larger one would vanish.
      if (price > MAX_PRICE) return `${label} must be at most ${formatFullNumber(MAX_PRICE)}`;
    }
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    return 'Min price must not be above max price';
  return null;
}

/** The filter modal of the players page. */
export function PlayersFilterModal({ isOpen, initial, onApply, onClose }: Props) {
  const formId = useId();
  const [rating, setRating] = useState(initial.rating?.toString() ?? '');
  const [rarity, setRarity] = useState<Rarity>(initial.rarity);
  const [position, setPosition] = useState<Position>(initial.position);
  const [minPrice, setMinPrice] = useState(initial.minPrice?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(initial.maxPrice?.toString() ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters = {
      rating: toNumber(rating),
      rarity,
      position,
      minPrice: toNumber(minPrice),
      maxPrice: toNumber(maxPrice),
    };
    const error = validate(filters);
    setProblem(error);
    if (!error) onApply(filters);
  };

  const numericField = (label: string, value: string, set: (value: string) => void) => (
    <TextField
      label={label}
      className="input input-sm w-full"
      inputMode="numeric"
      value={value}
      onValueChange={set}
    />
  );

  return (
    <Modal
      isOpen={isOpen}
      title="Filters"
      onClose={onClose}
      actions={<ModalActions confirmLabel="Apply" form={formId} onCancel={onClose} />}
    >
      <form id={formId} className="grid grid-cols-1 gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
        {/* /players matches the rating exactly (docs/decisions/prices.md), so the label says so. */}
        {numericField('Rating (exact)', rating, setRating)}
        <SelectField
          label="Rarity"
          options={rarityOptions}
          value={rarity}
          onChange={(event) => setRarity(event.target.value as Rarity)}
        />
        {/* The card's preferred position, as the game's own position filter reads it. */}
        <SelectField
          label="Position"
          options={positionOptions}
          value={position}
          onChange={(event) => setPosition(event.target.value as Position)}
        />
        {numericField('Min price', minPrice, setMinPrice)}
        {numericField('Max price', maxPrice, setMaxPrice)}
        {problem && (
          <p role="alert" className="text-error text-sm sm:col-span-2">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
