import { nextPrice, previousPrice, snapPrice, type LowestTier } from '@tradedesk/domain';
import { useEffect, useState } from 'react';
import { LabelledControl } from '../../../components/ui/field';

export type PriceInputProps = {
  label: string;
  value: number | string;
  onChange: (price: number) => void;
  /** Called with the snapped price when the input loses focus. */
  onCommit?: (price: number) => void;
  /** 0 for search bounds (0 = no limit), 150 for game prices. */
  lowestTier?: LowestTier;
  error?: string | undefined;
};

const toNumber = (value: number | string) => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : 0;
};

/**
 * A coin input on the game's price ladder: the arrow keys and the −/+ buttons move one step,
 * and leaving the field snaps what was typed to the nearest valid price (spec §9).
 */
export function PriceInput({ label, value, onChange, onCommit, lowestTier = 0, error }: PriceInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const options = { lowestTier };
  const commit = (price: number) => {
    const snapped = price === 0 && lowestTier === 0 ? 0 : snapPrice(price, options);
    setText(String(snapped));
    onChange(snapped);
    onCommit?.(snapped);
  };
  const step = (direction: 1 | -1) =>
    commit(direction === 1 ? nextPrice(toNumber(text), options) : previousPrice(toNumber(text), options));

  return (
    <LabelledControl label={label} error={error}>
      {(controlId) => (
        <div className="join w-full">
          <button
            type="button"
            className="btn btn-sm join-item"
            aria-label={`Lower ${label}`}
            onClick={() => step(-1)}
          >
            −
          </button>
          <input
            type="text"
            inputMode="numeric"
            className="input input-sm join-item w-full"
            id={controlId}
            value={text}
            onChange={(event) => setText(event.target.value.replace(/[^\d]/g, ''))}
            onBlur={() => commit(toNumber(text))}
            onKeyDown={(event) => {
              if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                event.preventDefault();
                step(event.key === 'ArrowUp' ? 1 : -1);
              }
            }}
          />
          <button
            type="button"
            className="btn btn-sm join-item"
            aria-label={`Raise ${label}`}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
      )}
    </LabelledControl>
  );
}
