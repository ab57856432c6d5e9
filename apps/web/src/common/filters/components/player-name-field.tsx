import { PRICE_LOOKUP_DEBOUNCE_MS, messages, noSuggestionsFor, type Rarity } from '@tradedesk/domain';
import { useEffect, useState } from 'react';
import { FieldAlert } from '../../../components/ui/field';
import { getPlayerSuggestions, type PlayerSuggestion } from '../api/get-player-suggestions';

type PlayerNameFieldProps = {
  /** The field's label; 'Name' in the filters. */
  label?: string;
  value: string;
  rarity: Rarity;
  error?: string | undefined;
  onChange: (name: string) => void;
  onPick: (suggestion: PlayerSuggestion) => void;
};

type Hint = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'list'; items: PlayerSuggestion[] };

/**
 * The player name with suggestions: 750 ms after the last keystroke it asks for 5 names of the
 * chosen rarity; a name without a rarity says 'Please select a rarity' (spec §2, 001 §5).
 */
export function PlayerNameField({
  label = 'Name',
  value,
  rarity,
  error,
  onChange,
  onPick,
}: PlayerNameFieldProps) {
  const [query, setQuery] = useState<string | null>(null);
  const [hint, setHint] = useState<Hint>({ kind: 'none' });

  useEffect(() => {
    if (query === null || query.trim() === '') return setHint({ kind: 'none' });
    let isCurrent = true;
    if (rarity === 'any') return setHint({ kind: 'none' });
    const timer = setTimeout(() => {
      getPlayerSuggestions(query.trim(), rarity)
        .then((items) => {
          if (!isCurrent) return;
          if (items === null) setHint({ kind: 'none' });
          else if (items.length === 0) setHint({ kind: 'text', text: noSuggestionsFor(query.trim()) });
          else setHint({ kind: 'list', items });
        })
        .catch(() => isCurrent && setHint({ kind: 'none' }));
    }, PRICE_LOOKUP_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [query, rarity]);

  // A name without a rarity: said at once and as long as it holds (a stored filter's name too).
  const needsRarity = rarity === 'any' && value.trim() !== '';
  return (
    <div className="relative flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{label}</span>
        <input
          className="input input-sm w-full"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
          }}
        />
      </label>
      {needsRarity && <span className="text-warning text-sm">{messages.selectRarity}</span>}
      {!needsRarity && hint.kind === 'text' && <span className="text-sm opacity-80">{hint.text}</span>}
      {!needsRarity && hint.kind === 'list' && (
        <ul
          className="menu bg-base-100 rounded-box border-base-300 z-10 w-full border shadow"
          aria-label="Player suggestions"
        >
          {hint.items.map((item) => (
            <li key={String(item.id)}>
              <button
                type="button"
                onClick={() => {
                  onPick(item);
                  setQuery(null);
                }}
              >
                {item.name}
                {item.rating !== undefined && <span className="badge badge-sm">{item.rating}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldAlert message={error} />
    </div>
  );
}
